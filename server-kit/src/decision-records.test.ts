import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/decisions/NNN-title.md link both sides of an amendment: the newer record says `Amends [NNN](NNN-….md) (what
 * changed)` under its Date/Status line, the older one lists `Amended by [MMM](MMM-….md)` in its Status and says in a
 * dated note what changed (`[MMM](MMM-….md) (date): …`, see 006, 011, 021, 024). The same holds for `Supersedes` and
 * `Superseded by`. Written by hand on both sides, the two drift: these checks name the pair that did.
 */
const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
const folder = join(repo, 'docs/decisions');
const files = readdirSync(folder)
  .filter((file) => file.endsWith('.md'))
  .sort();

/** `[017](017-server-rendering-with-live-remotes.md)`: a link to a record, named by its number. */
const RECORD_LINK = /\[(\d{3})\]\(([^)\s]*)\)/g;
/** Stands for the link at that index in a text whose links were taken out, so that `.md` ends no sentence. */
const PLACEHOLDER = /@@(\d+)@@/g;

type Link = { number: string; target: string };
type Relation = 'amends' | 'supersedes';
type DecisionRecord = {
  file: string;
  number: string;
  title: string;
  date: string | undefined;
  text: string;
  /** What its header says it amends or supersedes (newer → older). */
  changes: Record<Relation, Link[]>;
  /** What its Status says amends or supersedes it (older ← newer). */
  changedBy: Record<Relation, Link[]>;
};

const linksOf = (text: string): Link[] => [...text.matchAll(RECORD_LINK)].map((m) => ({ number: m[1]!, target: m[2]! }));

/** The clause that starts at `start` and ends at the first full stop outside parentheses. */
function clauseFrom(text: string, start: number): string {
  let depth = 0;
  for (let i = start; i < text.length; i += 1) {
    const char = text[i];
    if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === '.' && depth === 0 && (i + 1 === text.length || /\s/.test(text[i + 1]!))) return text.slice(start, i);
  }
  return text.slice(start);
}

/** Placeholders outside parentheses: `Amends [006](…) (what changed, maybe citing [029](…)) and [009](…) (…)`. */
function topLevelPlaceholders(clause: string): number[] {
  const found: number[] = [];
  let depth = 0;
  for (let i = 0; i < clause.length; i += 1) {
    const placeholder = /^@@(\d+)@@/.exec(clause.slice(i));
    if (placeholder) {
      if (depth === 0) found.push(Number(placeholder[1]));
      i += placeholder[0].length - 1;
    } else if (clause[i] === '(') depth += 1;
    else if (clause[i] === ')') depth = Math.max(0, depth - 1);
  }
  return found;
}

function parse(file: string): DecisionRecord {
  const text = readFileSync(join(folder, file), 'utf8');
  const lines = text.split('\n');
  const dateLine = lines.findIndex((line) => line.startsWith('Date: '));
  const blank = lines.findIndex((line, index) => index > dateLine && line.trim() === '');
  const links: Link[] = [];
  // The header: the Date/Status line and what follows it up to the first blank line (the Amends and Supersedes lines).
  const header = (dateLine < 0 ? [] : lines.slice(dateLine, blank < 0 ? undefined : blank))
    .join(' ')
    .replace(RECORD_LINK, (_, number: string, target: string) => `@@${links.push({ number, target }) - 1}@@`);
  const at = (indexes: number[]) => indexes.map((index) => links[index]!);

  const changes: Record<Relation, Link[]> = { amends: [], supersedes: [] };
  for (const m of header.matchAll(/\b(Amends|Supersedes)\b/g)) {
    changes[m[1] === 'Amends' ? 'amends' : 'supersedes'].push(...at(topLevelPlaceholders(clauseFrom(header, m.index))));
  }
  const changedBy: Record<Relation, Link[]> = { amends: [], supersedes: [] };
  const statusAt = header.indexOf('Status:');
  if (statusAt >= 0) {
    // `Status: Amended by [014](…), [020](…)` or `Status: Amended by [014](…); superseded by [016](…)`.
    const parts = clauseFrom(header, statusAt).split(/\b(amended by|superseded by)\b/i);
    for (let i = 1; i < parts.length; i += 2) {
      const relation: Relation = parts[i]!.toLowerCase() === 'amended by' ? 'amends' : 'supersedes';
      changedBy[relation].push(...at([...parts[i + 1]!.matchAll(PLACEHOLDER)].map((m) => Number(m[1]))));
    }
  }
  return {
    file,
    number: file.slice(0, 3),
    title: lines[0] ?? '',
    date: /^Date: (\d{4}-\d{2}-\d{2})\./.exec(lines[dateLine] ?? '')?.[1],
    text,
    changes,
    changedBy,
  };
}

const records = files.map(parse);
const byNumber = new Map(records.map((record) => [record.number, record]));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const words: Record<Relation, { changes: string; changedBy: string }> = {
  amends: { changes: 'Amends', changedBy: 'Amended by' },
  supersedes: { changes: 'Supersedes', changedBy: 'Superseded by' },
};

/** Every pair a header or a Status names, as `older ← newer`. */
function pairs(relation: Relation) {
  const found = new Map<string, { older: string; newer: string }>();
  for (const record of records) {
    for (const link of record.changes[relation]) found.set(`${link.number} ← ${record.number}`, { older: link.number, newer: record.number });
    for (const link of record.changedBy[relation]) found.set(`${record.number} ← ${link.number}`, { older: record.number, newer: link.number });
  }
  return [...found.entries()].sort(([a], [b]) => a.localeCompare(b));
}

describe('decision records (docs/decisions) link both sides of an amendment', () => {
  it('each record is NNN-title.md, titled with its number, and has a Date and a Status', () => {
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      expect(record.file, record.file).toMatch(/^\d{3}-[a-z0-9-]+\.md$/);
      expect(record.title, record.file).toMatch(new RegExp(`^# ${record.number}\\b`));
      expect(record.date, `${record.file}: a line "Date: YYYY-MM-DD. Status: …"`).toBeDefined();
      expect(record.text, record.file).toMatch(/^Date: \d{4}-\d{2}-\d{2}\. Status: /m);
    }
    expect(new Set(records.map((record) => record.number)).size, 'two records with one number').toBe(records.length);
  });

  it('every link to a record points at a file that exists, under that record’s number', () => {
    const broken = records.flatMap((record) =>
      linksOf(record.text)
        .filter((link) => !files.includes(link.target) || !link.target.startsWith(`${link.number}-`))
        .map((link) => `${record.file}: [${link.number}](${link.target})`),
    );
    expect(broken, 'links to no record, or to another number than they say').toEqual([]);
  });

  it.each(['amends', 'supersedes'] as const)('each %s in a header is in the other record’s Status, and the other way round', (relation) => {
    const { changes, changedBy } = words[relation];
    const oneWay = pairs(relation).flatMap(([pair, { older, newer }]) => {
      const olderRecord = byNumber.get(older);
      const newerRecord = byNumber.get(newer);
      if (!olderRecord || !newerRecord) return [`${pair}: no record ${olderRecord ? newer : older}`];
      const problems: string[] = [];
      if (Number(newer) <= Number(older)) problems.push(`${pair}: a record ${relation} only an older one`);
      if (!newerRecord.changes[relation].some((link) => link.number === older)) {
        problems.push(`${pair}: ${older}'s Status says "${changedBy} [${newer}]", ${newer}'s header has no "${changes} [${older}](…) (what changed)"`);
      }
      if (!olderRecord.changedBy[relation].some((link) => link.number === newer)) {
        problems.push(`${pair}: ${newer}'s header says "${changes} [${older}]", ${older}'s Status does not list "${changedBy} [${newer}](…)"`);
      }
      return problems;
    });
    expect(oneWay, 'one-way links between decision records (older ← newer)').toEqual([]);
  });

  it('an amended or superseded record says, dated, what each later record changed', () => {
    const undated = (['amends', 'supersedes'] as const).flatMap((relation) =>
      pairs(relation).flatMap(([pair, { older, newer }]) => {
        const olderRecord = byNumber.get(older);
        const date = byNumber.get(newer)?.date;
        if (!olderRecord || !date) return [];
        // `Amended by [024](024-….md) (2026-11-26): …`, the link maybe in bold: `**Superseded in part by [015](…)** (…)`.
        const note = new RegExp(`\\[${newer}\\]\\([^)]*\\)\\**\\s+\\(${escape(date)}\\)`);
        const body = olderRecord.text.replace(/^Date: .*$/m, '');
        return note.test(body) ? [] : [`${pair}: ${older} has no note "[${newer}](…) (${date}): what changed"`];
      }),
    );
    expect(undated, 'notes missing from the older record (older ← newer)').toEqual([]);
  });
});
