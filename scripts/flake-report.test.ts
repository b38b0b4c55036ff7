// The flake finder reads failures from Vitest's JSON reports and lists them. Run by `pnpm lint` (node's test runner).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { failuresOf, flakeReport } from './flake-report';

const report = (results: unknown[]) => JSON.stringify({ testResults: results });
const RUN = { runs: 20, sideBySide: 2, busy: 1, packages: ['shell'], minutes: '3.0', out: '/tmp/x' };

describe('failuresOf', () => {
  it('names each failed test by its file and full name, with its first message line', () => {
    const json = report([
      {
        name: '/repo/shell/server/part-spans.test.ts',
        status: 'failed',
        assertionResults: [
          { fullName: 'the spans › time each part', status: 'failed', failureMessages: ['AssertionError: expected 23.5 to be >= 25\n    at …'] },
          { fullName: 'the spans › name each part', status: 'passed', failureMessages: [] },
        ],
      },
      { name: '/repo/shell/server/other.test.ts', status: 'passed', assertionResults: [{ fullName: 'x', status: 'passed' }] },
    ]);
    assert.deepEqual(failuresOf('shell', 3, 1, json, 'log'), [
      { package: 'shell', pass: 3, test: 'server/part-spans.test.ts › the spans › time each part', message: 'AssertionError: expected 23.5 to be >= 25' },
    ]);
  });

  it('names a file that failed outside its tests (a hook, an import)', () => {
    const json = report([{ name: '/repo/shell/a.test.ts', status: 'failed', message: 'Error: beforeAll timed out', assertionResults: [] }]);
    assert.deepEqual(failuresOf('shell', 1, 1, json, 'log'), [{ package: 'shell', pass: 1, test: 'a.test.ts', message: 'Error: beforeAll timed out' }]);
  });

  it('counts a failed exit with no report, or a report naming nothing, as a failure of the run', () => {
    assert.equal(failuresOf('shell', 2, 1, null, '/tmp/log')[0]!.test, '(the run)');
    assert.equal(failuresOf('shell', 2, 1, '{not json', '/tmp/log')[0]!.message, 'exited with 1 and named no failed test: see /tmp/log');
    assert.deepEqual(failuresOf('shell', 2, 0, report([]), 'log'), []);
  });
});

describe('flakeReport', () => {
  it('says when no test failed', () => {
    assert.match(flakeReport([], RUN), /No test failed\./);
  });

  it('lists each test once, most failed first, with the passes it failed in', () => {
    const text = flakeReport(
      [
        { package: 'shell', pass: 1, test: 'a.test.ts › one', message: 'first | piped' },
        { package: 'shell', pass: 4, test: 'b.test.ts › two', message: 'b' },
        { package: 'shell', pass: 7, test: 'a.test.ts › one', message: 'later' },
      ],
      RUN,
    );
    assert.match(text, /2 test\(s\) failed at least once/);
    const rows = text.split('\n').filter((line) => line.startsWith('| shell/'));
    assert.deepEqual(rows, ['| shell/a.test.ts › one | 2/20 | 1, 7 | first \\| piped |', '| shell/b.test.ts › two | 1/20 | 4 | b |']);
  });
});
