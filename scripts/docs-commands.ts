// Which shell commands a markdown file's `sh` blocks show, and whether the files each block names as its runners hold
// them: the other pure half of scripts/docs.test.ts (docs-links.ts reads the links).
import { parseMarkdown, type FencedBlock } from './docs-links';

/** The comment that names who runs a block's commands: `<!-- run by: path[, path…] -->`. */
export function runnersOf(block: FencedBlock): string[] | undefined {
  // The set-up commands' markers (`<!-- start-command -->`, `<!-- test-command -->`) sit between it and the fence.
  const comments = block.commentsAbove.filter((comment) => !/^<!-- \/?[a-z]+-command -->$/.test(comment));
  const runBy = comments[0] === undefined ? undefined : /^<!--\s*run by:\s*(.+?)\s*-->$/.exec(comments[0]);
  return runBy?.[1]?.split(',').map((path) => path.trim()).filter(Boolean);
}

/** A block's command lines: blank lines and `#` comments skipped, lines ending in `\` joined to the next. */
export function commandLines(lines: readonly string[]): string[] {
  const commands: string[] = [];
  let pending = '';
  for (const raw of lines) {
    const text = raw.trim();
    if (pending === '' && (text === '' || text.startsWith('#'))) continue;
    if (text.endsWith('\\')) {
      pending += `${text.slice(0, -1).trim()} `;
      continue;
    }
    commands.push(`${pending}${text}`.trim());
    pending = '';
  }
  if (pending.trim() !== '') commands.push(pending.trim());
  return commands;
}

/**
 * A command line's words, shell-wise: quotes, `$(…)` and `<placeholder words>` each stay one token; `&&`, `||`, `|`
 * and `;` end a segment.
 */
export function segmentsOf(command: string): string[][] {
  const segments: string[][] = [[]];
  let token = '';
  const flush = () => {
    if (token !== '') segments[segments.length - 1]!.push(token);
    token = '';
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (c === "'" || c === '"') {
      const end = command.indexOf(c, i + 1);
      const stop = end === -1 ? command.length - 1 : end;
      token += command.slice(i, stop + 1);
      i = stop;
    } else if (c === '$' && command[i + 1] === '(') {
      let depth = 0;
      let j = i + 1;
      for (; j < command.length; j++) {
        if (command[j] === '(') depth++;
        else if (command[j] === ')' && --depth === 0) break;
      }
      token += command.slice(i, j + 1);
      i = j;
    } else if (c === '<' && /^<[^<>|&;]+>/.test(command.slice(i))) {
      const end = command.indexOf('>', i);
      token += command.slice(i, end + 1);
      i = end;
    } else if (c === '\\' && i + 1 < command.length) {
      token += command.slice(i, i + 2);
      i++;
    } else if (/\s/.test(c)) {
      flush();
    } else if (c === ';' || c === '|' || c === '&') {
      flush();
      if ((c === '|' || c === '&') && command[i + 1] === c) i++;
      segments.push([]);
    } else token += c;
  }
  flush();
  return segments.filter((segment) => segment.length > 0);
}

/** pnpm's own commands (not a package's scripts). */
const PNPM_COMMANDS = new Set(['install', 'i', 'add', 'remove', 'update', 'exec', 'dlx', 'run', 'deploy', 'list', 'why']);
/** pnpm's options that come before the command, and whether each takes a value. */
const PNPM_OPTIONS = new Map([
  ['--filter', true],
  ['-F', true],
  ['--silent', false],
  ['-s', false],
  ['-r', false],
  ['--recursive', false],
  ['-w', false],
  ['--workspace-root', false],
]);
/** Commands that only feed the next one's stdin in a pipeline, or move the shell: not what a runner must contain. */
const NOT_UNDER_TEST = new Set(['cd', 'printf', 'echo']);

/** What one segment of a command line runs. */
export interface CommandWords {
  /** The words a runner must contain: the leading tokens after the launcher, up to a placeholder, at most 4. */
  words: string[];
  /** For `pnpm [--filter <package>] <script>`: the script a package.json must define (package undefined: the root's). */
  script?: { name: string; package: string | undefined };
}

/**
 * The command words of a command line, one entry per segment that runs something: a leading `npx -y pnpm@…`, `pnpm`,
 * `npx` (with pnpm's options before its command: `--filter <package>`, `--silent`…), `NAME=value` and `sudo` are
 * dropped; then the tokens up to the first placeholder (one that holds `<` or `$`, or is quoted), 4 at most. `cd` and a
 * pipeline's `printf`/`echo` are skipped.
 */
export function commandWords(command: string): CommandWords[] {
  const result: CommandWords[] = [];
  for (const segment of segmentsOf(command)) {
    const tokens = [...segment];
    let pnpm = false;
    let filter: string | undefined;
    for (;;) {
      const head = tokens[0];
      if (head === undefined) break;
      if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(head) || head === 'sudo') tokens.shift();
      else if (head === 'npx') {
        tokens.shift();
        while (tokens[0] === '-y' || tokens[0] === '--yes') tokens.shift();
      } else if (head === 'pnpm' || head.startsWith('pnpm@')) {
        tokens.shift();
        pnpm = true;
      } else if (pnpm && PNPM_OPTIONS.has(head)) {
        tokens.shift();
        if (PNPM_OPTIONS.get(head)) filter = tokens.shift();
      } else break;
    }
    if (tokens.length === 0 || NOT_UNDER_TEST.has(tokens[0]!)) continue;
    const words: string[] = [];
    for (const token of tokens) {
      if (words.length === 4 || /[<$]/.test(token) || /^["']/.test(token)) break;
      words.push(token.replace(/["']/g, ''));
    }
    const entry: CommandWords = { words };
    if (pnpm && words[0] !== undefined && !PNPM_COMMANDS.has(words[0])) entry.script = { name: words[0], package: filter };
    result.push(entry);
  }
  return result;
}

/** What the command check may ask: a named runner's text (undefined when absent), a package's scripts. */
export interface Runners {
  text(path: string): string | undefined;
  /** The scripts of the package named `name` (undefined: the root package), undefined if there is no such package. */
  scripts(name: string | undefined): Record<string, string> | undefined;
}

/**
 * The faults of every `sh` block of a file: no `run by` comment, a runner that does not exist, a command whose words
 * no runner holds, a pnpm script no package defines. Each as `file:line: why`.
 */
export function commandFaults(file: string, markdown: string, runners: Runners): string[] {
  const faults: string[] = [];
  for (const block of parseMarkdown(markdown).blocks) {
    if (block.info !== 'sh') continue;
    const at = `${file}:${block.line}`;
    const named = runnersOf(block);
    if (!named || named.length === 0) {
      faults.push(`${at}: an sh block needs <!-- run by: <path> --> above it (or the info string console, if no test runs it)`);
      continue;
    }
    const texts: string[] = [];
    for (const path of named) {
      const text = runners.text(path);
      if (text === undefined) faults.push(`${at}: runner ${path} does not exist`);
      else texts.push(text);
    }
    for (const command of commandLines(block.lines)) {
      for (const { words, script } of commandWords(command)) {
        const missing = words.filter((word) => !texts.some((text) => text.includes(word)));
        if (missing.length > 0) faults.push(`${at}: ${missing.map((w) => `“${w}”`).join(', ')} of \`${command}\` in none of ${named.join(', ')}`);
        if (script) {
          const scripts = runners.scripts(script.package);
          const owner = script.package ?? 'the root package';
          if (!scripts) faults.push(`${at}: \`${command}\` names ${owner}, which is no workspace package`);
          else if (!(script.name in scripts)) faults.push(`${at}: ${owner} has no script ${script.name} (\`${command}\`)`);
        }
      }
    }
  }
  return faults;
}

/** The command between `<!-- <name>-command -->` markers, as .ci/run extracts it (marker and fence lines dropped). */
export function markedCommand(markdown: string, name: string): string | undefined {
  const lines = markdown.split('\n');
  const start = lines.indexOf(`<!-- ${name}-command -->`);
  const end = lines.indexOf(`<!-- /${name}-command -->`);
  if (start === -1 || end <= start) return undefined;
  return lines
    .slice(start, end + 1)
    .filter((line) => !line.startsWith('<!--') && !line.startsWith('```'))
    .join('\n');
}
