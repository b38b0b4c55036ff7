// What a markdown file links to, and whether each link resolves: one pure half of scripts/docs.test.ts (the other,
// docs-commands.ts, reads the shell commands its blocks show). Nothing here touches the disk: the test hands in what
// exists, so that it can prove each check able to fail on small samples.

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
  // Each linked file's headings read once, however many of its anchors the file links to.
  const anchors = new Map<string, Set<string>>();
  const anchorsIn = (path: string) => {
    let known = anchors.get(path);
    if (!known) anchors.set(path, (known = anchorsOf(path === file ? markdown : repo.read(path))));
    return known;
  };
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
      if (!anchorsIn(linked).has(decodeURIComponent(anchor))) broken.push(`${where}: no heading with anchor #${anchor} in ${linked}`);
    }
  }
  return broken;
}
