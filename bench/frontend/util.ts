import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * What the shop's servers would send for this body with `Accept-Encoding: gzip`: koa-compress gzips with zlib's
 * default level and leaves bodies under its 1,024-byte threshold uncompressed.
 */
export function gzipSize(body: Buffer): number {
  if (body.length < 1024) return body.length;
  return gzipSync(body).length;
}

/** kB = 1,000 bytes, as the budgets are written. */
export const kB = (bytes: number, digits = 1) => `${(bytes / 1000).toFixed(digits)} kB`;

export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

export const envFlag = (name: string) => ['1', 'true', 'yes'].includes((process.env[name] ?? '').toLowerCase());

/** Writes `bench/results/<file>`: when and where it ran (date, Node, cores), then the figures. Answers its path. */
export function writeResults(file: string, figures: Record<string, unknown>): string {
  const dir = join(repoRoot, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, file);
  const run = { date: new Date().toISOString(), node: process.version, cores: availableParallelism() };
  writeFileSync(path, `${JSON.stringify({ ...run, ...figures }, null, 2)}\n`);
  return path;
}

/** The commit a checkout stands at, marked when its tracked files have uncommitted changes; 'unknown' outside git. */
export function commitOf(root: string): string {
  try {
    const git = (...args: string[]) => execFileSync('git', ['--no-optional-locks', '-C', root, ...args], { encoding: 'utf8' }).trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ' (with uncommitted changes)' : ''}`;
  } catch {
    return 'unknown';
  }
}

/** A table on the console: the first `leftColumns` columns (labels) aligned left, the figures right. */
export function printTable(header: string[], rows: string[][], leftColumns = 2): void {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `  ${cells.map((cell, i) => (i < leftColumns ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')}`;
  console.log(line(header));
  console.log(`  ${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const row of rows) console.log(line(row));
}

/**
 * A figure over runs as the benches print it: the median, then the smallest and largest in brackets, so a reader sees
 * how far one run may stray (`—` when no run gave a value).
 */
export function medianRange(values: readonly number[], format: (value: number) => string = (value) => String(Math.round(value))): string {
  const measured = values.filter((value) => Number.isFinite(value));
  if (measured.length === 0) return '—';
  return `${format(median(measured))} (${format(Math.min(...measured))}–${format(Math.max(...measured))})`;
}

/** after/before of two medians, as every bench prints it beside a figure (`—` when there is no baseline to divide by). */
export function ratioText(after: number | null | undefined, before: number | null | undefined): string {
  if (after === null || after === undefined || before === null || before === undefined) return '—';
  if (!Number.isFinite(after) || !Number.isFinite(before) || before === 0) return '—';
  return `×${(after / before).toFixed(2)}`;
}
