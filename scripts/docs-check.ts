// The pure half of scripts/docs.test.ts: what a markdown file links to and which shell commands it shows, read without
// touching the disk (the test hands in what exists). Kept apart so that the test can prove each check able to fail on
// small samples.

/** A markdown line, numbered from 1. */
export interface Line {
  line: number;
  /** The line with inline code blanked out. */
  text: string;
  /** The line as written. */
  raw: string;
}

/** A fenced code block: its info string, the line of its opening fence, its lines (without the fences, dedented). */
export interface FencedBlock {
  info: string;
  line: number;
  lines: string[];
  /** The comment lines just above the opening fence (blank lines skipped), nearest first. */
  commentsAbove: string[];
}

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([^`\s]*)?.*$/;

/**
 * Splits markdown into the lines outside fenced code blocks (with inline code blanked out) and the fenced blocks.
 * A fence may be indented (code inside a list item); it closes on the same character, at least as long.
 */
export function parseMarkdown(markdown: string): { prose: Line[]; blocks: FencedBlock[] } {
  const lines = markdown.split('\n');
  const prose: Line[] = [];
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!;
    const open = FENCE.exec(text);
    if (!open) {
      prose.push({ line: i + 1, text: blankInlineCode(text), raw: text });
      continue;
    }
    const [, indent = '', marker = '```', info = ''] = open;
    const commentsAbove: string[] = [];
    for (let j = i - 1; j >= 0; j--) {
      const above = lines[j]!.trim();
      if (above === '') continue;
      if (!/^<!--.*-->$/.test(above)) break;
      commentsAbove.push(above);
    }
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = lines[j]!.trim();
      if (close.startsWith(marker[0]!.repeat(marker.length)) && /^(`+|~+)$/.test(close)) break;
      body.push(lines[j]!.startsWith(indent) ? lines[j]!.slice(indent.length) : lines[j]!.trimStart());
    }
    blocks.push({ info, line: i + 1, lines: body, commentsAbove });
    i = j;
  }
  return { prose, blocks };
}

/** The line with every inline code span replaced by spaces (so that a link written as code is not a link). */
function blankInlineCode(text: string): string {
  return text.replace(/(`+)(?:(?!\1).)+?\1/g, (span) => ' '.repeat(span.length));
}

/**
 * GitHub's anchor for a heading: its text as rendered (links and images reduced to their text, inline code kept as text,
 * tags dropped), lowercased, every character but letters, digits, `-`, `_` and spaces removed, spaces turned into `-`.
 */
export function slugOf(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Every heading's anchor in a file; a repeated heading gets `-1`, `-2`… as on GitHub. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { raw } of parseMarkdown(markdown).prose) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(raw);
    if (!heading) continue;
    const slug = slugOf(heading[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** A link found in prose: where, and to what. */
export interface Link {
  line: number;
  target: string;
}

/** Markdown links `[text](target)`, images `![alt](target)`, reference definitions `[ref]: target` and `<img src>`. */
export function linksOf(markdown: string): Link[] {
  const links: Link[] = [];
  for (const { line, text } of parseMarkdown(markdown).prose) {
    for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ line, target: match[1]! });
    const definition = /^ {0,3}\[[^\]]+\]:\s+<?(\S+?)>?(?:\s+.*)?$/.exec(text);
    if (definition) links.push({ line, target: definition[1]! });
    for (const match of text.matchAll(/<img\b[^>]*\bsrc=["']([^"']+)["']/gi)) links.push({ line, target: match[1]! });
  }
  return links;
}

/** What the link checker may ask of the repository. */
export interface Repository {
  /** Whether a path (relative to the repository's root, `/`-separated) exists there. */
  exists(path: string): boolean;
  /** A markdown file's text, to read its anchors. */
  read(path: string): string;
}

/** Joins a link target to its file's folder, inside the repository; undefined when it climbs out of it. */
export function resolveFrom(file: string, target: string): string | undefined {
  const parts = file.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

/** Every broken link of `file` (a path from the repository's root), as `file:line: why`. */
export function brokenLinks(file: string, markdown: string, repo: Repository): string[] {
  const broken: string[] = [];
  for (const { line, target } of linksOf(markdown)) {
    if (/^(https?:|mailto:)/i.test(target)) continue;
    const where = `${file}:${line}: ${target}`;
    const [pathAndQuery = '', anchor] = target.split('#', 2) as [string, string | undefined];
    const path = decodeURIComponent(pathAndQuery.split('?')[0]!);
    let linked = file;
    if (path !== '') {
      const resolved = resolveFrom(file, path);
      if (resolved === undefined) {
        broken.push(`${where}: leaves the repository`);
        continue;
      }
      if (!repo.exists(resolved)) {
        broken.push(`${where}: ${resolved} does not exist`);
        continue;
      }
      linked = resolved;
    }
    if (anchor !== undefined && linked.endsWith('.md')) {
      const text = linked === file ? markdown : repo.read(linked);
      if (!anchorsOf(text).has(decodeURIComponent(anchor))) broken.push(`${where}: no heading with anchor #${anchor} in ${linked}`);
    }
  }
  return broken;
}

// --- Commands ----------------------------------------------------------------------------------------------------

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
