import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import {
  CATALOGUE_CSV_COLUMNS as COLUMNS,
  CATALOGUE_CSV_LISTED_ERRORS,
  CATALOGUE_CSV_MAX_BYTES,
  CATALOGUE_CSV_MAX_ROWS,
  CATALOGUE_CSV_MESSAGES as MESSAGES,
  type CatalogueCsvColumn,
  type CatalogueCsvLineError,
  type CatalogueCsvProgress,
} from '@shop/contracts/catalogue-csv';
import { GENERIC_MESSAGES } from '@shop/server-kit/api-error';
import { ApiError } from '../http/api-error';
import type { ImportedRow, MerchandisingStore } from '../store/merchandising';
import { PLACEHOLDER_IMAGE, versionedImage } from './catalogue-file';
import { csvLineOf, readCsvLine } from './catalogue-csv-rows';
import { authorOf } from '../http/merchandising-answers';

/** Products read per query of an export: one keyset range each, so the file never holds the catalogue in memory. */
const EXPORT_CHUNK = 1000;
/** Lines checked between two progress lines (and two turns of the event loop, so each is sent as it is written). */
const PROGRESS_EVERY = 1000;

/** RFC 4180: CRLF between records, a field quoted only when it holds a comma, a quote or a line break. */
const csv = (records: string[][]) => stringify(records, { record_delimiter: 'windows' });
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The catalogue as a CSV file (contracts/src/catalogue-csv.ts documents the format): exported by keyset, a chunk at a
 * time, and imported whole or not at all, its progress streamed as NDJSON.
 */
export function registerCatalogueCsvRoutes(router: Router, deps: { store: MerchandisingStore; authenticated: Middleware; publicDir: string; logger: Logger }): void {
  const { store, logger } = deps;

  router.get('/admin/catalogue/products.csv', deps.authenticated, async (ctx) => {
    ctx.attachment(`catalogue-${new Date().toISOString().slice(0, 10)}.csv`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    const out = new PassThrough();
    ctx.body = out;
    const write = async (text: string) => {
      if (!out.write(text)) await new Promise((resolve) => out.once('drain', resolve));
    };
    void (async () => {
      // The byte order mark: Excel reads the file as UTF-8 (the Arabic texts) only with it.
      await write(`\uFEFF${csv([[...COLUMNS]])}`);
      let after: number | null = null;
      do {
        const chunk = await store.merchandisedInShopOrder(after, EXPORT_CHUNK);
        if (chunk.products.length > 0) await write(csv(chunk.products.map(csvLineOf)));
        after = chunk.next;
      } while (after !== null && !out.destroyed);
      out.end();
    })().catch((error: unknown) => {
      logger.error({ err: error }, 'catalogue CSV export failed');
      out.destroy(error as Error);
    });
  });

  router.post('/admin/catalogue/products.csv', deps.authenticated, async (ctx) => {
    const records = await readCsvBody(ctx);
    const names = records[0]!.map((name) => name.trim());
    const header = new Map(names.map((name, index) => [name, index]));
    const missing = COLUMNS.filter((column) => !header.has(column));
    if (missing.length > 0) throw new ApiError(400, 'validation_failed', MESSAGES.missingColumns([...COLUMNS]));
    // Rows a spreadsheet leaves blank are skipped; every other keeps its row number (the header is row 1).
    const lines = records.flatMap((cells, index) => (index > 0 && cells.some((cell) => cell.trim() !== '') ? [{ line: index + 1, cells }] : []));
    if (lines.length === 0) throw new ApiError(400, 'validation_failed', MESSAGES.empty);

    // From here the answer is a stream of progress lines; its last line says how the import ended (200 either way).
    const author = authorOf(ctx);
    ctx.status = 200;
    ctx.type = 'application/x-ndjson; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    // Compressing would hold the progress lines back until a compressor's block is full.
    ctx.compress = false;
    const out = new PassThrough();
    ctx.body = out;
    const send = (line: CatalogueCsvProgress) => void out.write(`${JSON.stringify(line)}\n`);
    void (async () => {
      const errors: CatalogueCsvLineError[] = [];
      const rows: ImportedRow[] = [];
      const first = { id: new Map<string, number>(), slug: new Map<string, number>() };
      for (const [index, { line, cells }] of lines.entries()) {
        if (index % PROGRESS_EVERY === 0) {
          send({ phase: 'validating', done: index, total: lines.length });
          await nextTurn();
        }
        if (cells.length !== names.length) {
          errors.push({ line, field: '(ligne)', message: MESSAGES.columnCount(cells.length, names.length) });
          continue;
        }
        const cell = (column: CatalogueCsvColumn) => cells[header.get(column)!] ?? '';
        for (const key of ['id', 'slug'] as const) {
          const value = cell(key).trim();
          const seen = first[key].get(value);
          if (value && seen !== undefined) errors.push({ line, field: key, message: key === 'id' ? MESSAGES.duplicateId(seen) : MESSAGES.duplicateSlug(seen) });
          else if (value) first[key].set(value, line);
        }
        const read = readCsvLine(cell, line);
        if ('row' in read) rows.push(read.row);
        else errors.push(...read.errors);
      }
      send({ phase: 'validating', done: lines.length, total: lines.length });
      const image = versionedImage(deps.publicDir, PLACEHOLDER_IMAGE);
      const outcome = await store.importProductRows(rows, {
        author,
        images: image ? [image] : [],
        checkOnly: errors.length > 0,
        progress: async (done, total) => {
          send({ phase: 'writing', done, total });
          await nextTurn();
        },
      });
      if (outcome.ok) {
        logger.info({ ...outcome.result, lines: lines.length, operator: author.by }, 'catalogue CSV imported');
        send({ result: outcome.result });
      } else {
        const refused = [...errors, ...outcome.lines].sort((a, b) => a.line - b.line || COLUMNS.indexOf(a.field as never) - COLUMNS.indexOf(b.field as never));
        const count = new Set(refused.map((error) => error.line)).size;
        const more = refused.length - CATALOGUE_CSV_LISTED_ERRORS;
        const message = `${MESSAGES.refused(count)}${more > 0 ? ` ${MESSAGES.moreErrors(more)}` : ''}`;
        logger.info({ refusedLines: count, operator: author.by }, 'catalogue CSV refused');
        send({ error: { code: 'validation_failed', message, lines: refused.slice(0, CATALOGUE_CSV_LISTED_ERRORS) } });
      }
    })()
      .catch((error: unknown) => {
        logger.error({ err: error }, 'catalogue CSV import failed');
        send({ error: { code: 'internal_error', message: MESSAGES.failed, lines: [] } });
      })
      .finally(() => out.end());
  });
}

/**
 * The body parsed as it arrives, refused before any answer is streamed: 415 for anything but UTF-8 `text/csv`, 413
 * past CATALOGUE_CSV_MAX_BYTES (the rest drained, so the client reads the answer), 400 for a file no CSV parser reads
 * or with more rows than the format allows. The records are kept, not the text: an import is checked whole.
 */
function readCsvBody(ctx: Context): Promise<string[][]> {
  const charset = ctx.request.charset.toLowerCase();
  const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
  if (ctx.request.type !== 'text/csv' || (charset && charset !== 'utf-8' && charset !== 'utf8') || (encoding && encoding !== 'identity')) {
    throw new ApiError(415, 'unsupported_media_type', MESSAGES.notCsv);
  }
  const tooLarge = () => new ApiError(413, 'payload_too_large', GENERIC_MESSAGES.payloadTooLarge(CATALOGUE_CSV_MAX_BYTES));
  if ((ctx.request.length ?? 0) > CATALOGUE_CSV_MAX_BYTES) throw tooLarge();
  const req: IncomingMessage = ctx.req;
  return new Promise((resolve, reject) => {
    const parser = parse({ bom: true, relax_column_count: true });
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const records: string[][] = [];
    let size = 0;
    let settled = false;
    const fail = (error: ApiError) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.resume();
      parser.destroy();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > CATALOGUE_CSV_MAX_BYTES) return fail(tooLarge());
      let text: string;
      try {
        text = decoder.decode(chunk, { stream: true });
      } catch {
        return fail(new ApiError(415, 'unsupported_media_type', MESSAGES.notCsv));
      }
      if (!parser.write(text)) {
        req.pause();
        parser.once('drain', () => req.resume());
      }
    };
    parser.on('data', (record: string[]) => {
      records.push(record);
      if (records.length > CATALOGUE_CSV_MAX_ROWS + 1) fail(new ApiError(400, 'validation_failed', MESSAGES.tooManyRows(CATALOGUE_CSV_MAX_ROWS)));
    });
    parser.on('error', (error: Error & { records?: number }) => fail(new ApiError(400, 'validation_failed', MESSAGES.unreadable((error.records ?? records.length) + 1))));
    parser.on('end', () => {
      if (settled) return;
      settled = true;
      if (records.length === 0) reject(new ApiError(400, 'validation_failed', MESSAGES.missingColumns([...COLUMNS])));
      else resolve(records);
    });
    req.on('data', onData);
    req.on('end', () => {
      if (settled) return;
      try {
        parser.end(decoder.decode());
      } catch {
        fail(new ApiError(415, 'unsupported_media_type', MESSAGES.notCsv));
      }
    });
    req.on('error', () => fail(new ApiError(400, 'validation_failed', GENERIC_MESSAGES.badRequest)));
  });
}
