import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { wordsNotLoaded } from '../../../tools/words-reach';

describe("the groups of words mf_catalog_pages' pages and regions load", () => {
  it('cover every message each one shows', () => {
    expect(wordsNotLoaded(resolve(dirname(fileURLToPath(import.meta.url)), '../..'))).toEqual([]);
  });
});
