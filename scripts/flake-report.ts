// What the flake finder reads from Vitest's JSON reports, and the report it writes (pure, tested beside it).

/** One failure of one test (or of a whole file or suite run, when no test is named) in one pass. */
export interface Failure {
  package: string;
  pass: number;
  /** `file › test name`, or `file` for a file that failed outside its tests, or `(the run)` for an exit alone. */
  test: string;
  message: string;
}

interface VitestJson {
  testResults?: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults?: Array<{ fullName?: string; title?: string; status: string; failureMessages?: string[] }>;
  }>;
}

/** The failures a package's run shows: its report's failed tests and files, or its exit code when the report has none. */
export function failuresOf(pkg: string, pass: number, exitCode: number, json: string | null, log: string): Failure[] {
  const failures: Failure[] = [];
  const parsed = parseReport(json);
  for (const file of parsed?.testResults ?? []) {
    const relative = file.name.slice(file.name.indexOf(`/${pkg}/`) + pkg.length + 2);
    const failed = (file.assertionResults ?? []).filter((result) => result.status === 'failed');
    for (const result of failed) {
      failures.push({ package: pkg, pass, test: `${relative} › ${result.fullName ?? result.title ?? '?'}`, message: firstLine(result.failureMessages?.[0]) });
    }
    if (failed.length === 0 && file.status === 'failed') failures.push({ package: pkg, pass, test: relative, message: firstLine(file.message) });
  }
  if (failures.length === 0 && exitCode !== 0) {
    failures.push({ package: pkg, pass, test: '(the run)', message: `exited with ${exitCode} and named no failed test: see ${log}` });
  }
  return failures;
}

function parseReport(json: string | null): VitestJson | null {
  try {
    return json ? (JSON.parse(json) as VitestJson) : null;
  } catch {
    return null; // a run killed while writing it
  }
}

const firstLine = (text: string | undefined) => (text ?? '').split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 200) ?? '';

/** The report: each test that failed, how often, in which passes, and its first message; or that none did. */
export function flakeReport(
  failures: Failure[],
  run: { runs: number; sideBySide: number; busy: number; packages: string[]; minutes: string; out: string },
): string {
  const head = [
    '# Flake finder',
    '',
    `${run.runs} passes of the unit suites of ${run.packages.join(', ')}; ${run.sideBySide} at a time, ${run.busy} busy loop(s) beside them; ${run.minutes} min.`,
    `Reports and logs: ${run.out}`,
    '',
  ];
  if (failures.length === 0) return [...head, 'No test failed.', ''].join('\n');
  const byTest = new Map<string, Failure[]>();
  for (const failure of failures) {
    const key = `${failure.package}/${failure.test}`;
    byTest.set(key, [...(byTest.get(key) ?? []), failure]);
  }
  const rows = [...byTest.entries()]
    .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
    .map(([test, seen]) => `| ${escape(test)} | ${seen.length}/${run.runs} | ${seen.map((f) => f.pass).join(', ')} | ${escape(seen[0]!.message)} |`);
  return [...head, `${byTest.size} test(s) failed at least once:`, '', '| test | failed | passes | first message |', '|---|---|---|---|', ...rows, ''].join('\n');
}

const escape = (text: string) => text.replaceAll('|', '\\|');
