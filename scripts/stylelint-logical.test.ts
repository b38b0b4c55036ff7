// The stylelint rule of stylelint.config.mjs holds: a physical left/right in CSS fails lint and says what to write
// instead (Arabic pages are right to left); its logical form passes; a declaration kept physical needs a disable
// comment with its reason. Run by `pnpm lint` (node's test runner, through tsx).
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import stylelint from 'stylelint';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const configFile = join(root, 'stylelint.config.mjs');

/** Each warning stylelint gives `code` under the repository's config, as `rule: text`. */
async function warnings(code: string): Promise<string[]> {
  const { results } = await stylelint.lint({ code, configFile });
  return results.flatMap((result) => result.warnings.map((warning) => `${warning.rule}: ${warning.text}`));
}

describe('physical left/right in CSS fails lint', () => {
  it('margin-left: one warning, naming margin-inline-start and why', async () => {
    const found = await warnings('.price {\n  margin-left: var(--space-2);\n}\n');
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0]!, /^property-disallowed-list: Arabic pages are right to left.*use margin-inline-start, not margin-left/);
  });

  const refused: [string, string, RegExp][] = [
    ['padding-right: 1rem', 'property-disallowed-list', /padding-inline-end/],
    ['border-left: 4px solid red', 'property-disallowed-list', /border-inline-start/],
    ['border-right-color: red', 'property-disallowed-list', /border-inline-end-color/],
    ['position: absolute; left: 0', 'property-disallowed-list', /inset-inline-start/],
    ['position: absolute; right: 0', 'property-disallowed-list', /inset-inline-end/],
    ['border-top-left-radius: 4px', 'property-disallowed-list', /border-start-start-radius/],
    ['border-bottom-right-radius: 4px', 'property-disallowed-list', /border-end-end-radius/],
    ['text-align: left', 'declaration-property-value-disallowed-list', /text-align: start/],
    ['text-align: right', 'declaration-property-value-disallowed-list', /text-align: end/],
    ['float: right', 'declaration-property-value-disallowed-list', /float: inline-end/],
    ['clear: left', 'declaration-property-value-disallowed-list', /clear: inline-start/],
  ];
  for (const [declaration, rule, says] of refused) {
    it(`${declaration}: ${rule}`, async () => {
      const found = await warnings(`.a { ${declaration}; }`);
      assert.equal(found.length, 1, found.join('\n'));
      assert.ok(found[0]!.startsWith(`${rule}: Arabic pages are right to left`), found[0]);
      assert.match(found[0]!, says);
    });
  }
});

describe('logical CSS passes', () => {
  it('inline-start/end properties and values, block and inline shorthands: no warning', async () => {
    const logical = `.a {
  position: absolute;
  top: 0;
  inset-inline-start: 0;
  inset-inline: 0 auto;
  margin-inline-start: auto;
  padding-inline-end: 1rem;
  padding-block: 0 1rem;
  border-inline-start: 4px solid red;
  border-start-end-radius: 4px;
  text-align: start;
  float: inline-end;
  clear: both;
  margin: 0 auto;
}`;
    assert.deepEqual(await warnings(logical), []);
  });
});

describe('a physical declaration kept on purpose', () => {
  it('passes with a disable comment that gives its reason', async () => {
    const kept = '.a {\n  /* stylelint-disable-next-line property-disallowed-list -- centred with a translate */\n  left: 50%;\n}';
    assert.deepEqual(await warnings(kept), []);
  });

  it('fails when the disable comment gives no reason', async () => {
    const bare = '.a {\n  /* stylelint-disable-next-line property-disallowed-list */\n  left: 50%;\n}';
    assert.deepEqual(
      (await warnings(bare)).map((warning) => warning.split(':')[0]),
      ['--report-descriptionless-disables'],
    );
  });
});

describe('build output is not linted', () => {
  it('a CSS file under dist/ is ignored', async () => {
    const { results } = await stylelint.lint({ code: '.a { left: 0; }', codeFilename: join(root, 'mf-cart/dist/1.0.0/static/css/a.css'), configFile });
    assert.equal(results[0]?.ignored, true);
  });
});
