import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resealRelease } from './reseal-release';
import { repoRoot } from './stack-processes';

/** What the hostile release tries on the shop's server, and where (paths and addresses known to the test). */
export interface ProbeTargets {
  /** cart-service, as the renderer reaches it (a configured origin: its public API is what rendering reads). */
  apiOrigin: string;
  metricsPort: number;
  /** Files holding the shop's secrets or data: every read must be refused. */
  secretFiles: Record<string, string>;
  /** Folders whose listing must be refused. */
  secretFolders: Record<string, string>;
  /** Where a write is attempted (each must be refused). */
  writes: string[];
}

/** One attempt's outcome as the release saw it. */
export type ProbeOutcome = { outcome: 'allowed'; detail: string } | { outcome: 'refused'; code: string | undefined };

/**
 * The code a compromised pipeline would add to mf-frame's Node build: it runs when a renderer loads the release and
 * prints what it could reach as one line, `SONDE {…}`, which the shell logs as the renderer's output. Every access is
 * attempted for real; nothing is assumed.
 */
function probeSource(targets: ProbeTargets): string {
  return `;(function () {
  var fs = require('fs');
  var report = {};
  function attempt(name, action) {
    try { report[name] = { outcome: 'allowed', detail: String(action()).slice(0, 120) }; }
    catch (error) { report[name] = { outcome: 'refused', code: error && error.code }; }
  }
  var targets = ${JSON.stringify(targets)};
  attempt('read /proc/self/environ', function () { return fs.readFileSync('/proc/self/environ', 'utf8'); });
  attempt('read /proc/self/cmdline', function () { return fs.readFileSync('/proc/self/cmdline', 'utf8'); });
  attempt("read the shell's /proc environ", function () { return fs.readFileSync('/proc/' + process.ppid + '/environ', 'utf8'); });
  Object.keys(targets.secretFiles).forEach(function (name) { attempt('read ' + name, function () { return fs.readFileSync(targets.secretFiles[name], 'utf8'); }); });
  Object.keys(targets.secretFolders).forEach(function (name) { attempt('list ' + name, function () { return fs.readdirSync(targets.secretFolders[name]).join(','); }); });
  targets.writes.forEach(function (path) { attempt('write ' + path, function () { fs.writeFileSync(path, 'sonde'); return path; }); });
  attempt('run a command', function () { return require('child_process').execSync('id').toString(); });
  attempt('start a worker', function () { return new (require('worker_threads').Worker)('1', { eval: true }).threadId; });
  attempt('load a native addon', function () { return process.dlopen({ exports: {} }, '/usr/lib/x86_64-linux-gnu/libc.so.6'); });
  attempt("use Node's internal bindings", function () { return Object.keys(process.binding('fs')).length; });
  report.environment = Object.keys(process.env).sort().join(',');
  var answered = function (response) { return { status: response.status }; };
  var refused = function (error) { return { refused: (error && error.cause && error.cause.code) || (error && error.code) || String(error) }; };
  var rawMetrics = new Promise(function (resolve) {
    var socket = require('net').connect(targets.metricsPort, '127.0.0.1');
    var text = '';
    socket.on('connect', function () { socket.end('GET /metrics HTTP/1.0\\r\\nHost: 127.0.0.1\\r\\n\\r\\n'); });
    socket.on('data', function (chunk) { text += chunk; });
    socket.on('end', function () { resolve({ answer: text.split('\\r\\n')[0] }); });
    socket.on('error', function (error) { resolve({ refused: error.code }); });
  });
  Promise.all([
    fetch(targets.apiOrigin + '/admin/orders', { headers: { Authorization: 'Bearer ' + process.env.ADMIN_TOKEN } }).then(answered, refused),
    fetch('http://127.0.0.1:' + targets.metricsPort + '/metrics').then(answered, refused),
    rawMetrics,
    fs.promises.readFile('/etc/passwd', 'utf8').then(function () { return { outcome: 'allowed' }; }, function (error) { return { outcome: 'refused', code: error.code }; }),
  ]).then(function (answers) {
    report['GET /admin/orders'] = answers[0];
    report['fetch /metrics'] = answers[1];
    report['raw TCP to /metrics'] = answers[2];
    report['read /etc/passwd (promise)'] = answers[3];
    console.log('SONDE ' + JSON.stringify(report));
  });
})();
`;
}

/**
 * Publishes a release of mf-frame whose Node build runs `code` first: the good release's files (so it passes every
 * check a switch makes) with the code at the top of its server entry, as a compromised pipeline would ship it.
 * Answers the function that removes it.
 */
export async function publishFrameReleaseRunning(version: string, code: string): Promise<() => Promise<void>> {
  const dist = join(repoRoot, 'mf-frame', 'dist');
  await rm(join(dist, version), { recursive: true, force: true });
  await cp(join(dist, '1.0.0'), join(dist, version), { recursive: true });
  const entry = join(dist, version, 'ssr', 'mf_frame.js');
  await writeFile(entry, code + (await readFile(entry, 'utf8')));
  resealRelease(join(dist, version));
  return () => rm(join(dist, version), { recursive: true, force: true });
}

/** A release of mf-frame whose Node build carries the probe. */
export const publishProbingFrameRelease = (version: string, targets: ProbeTargets) => publishFrameReleaseRunning(version, probeSource(targets));

/** The probe's report, from the shell's log (the renderer's output lines), or null before it has printed. */
export function probeReport(shellLog: string): Record<string, unknown> | null {
  for (const line of shellLog.split('\n')) {
    if (!line.includes('SONDE ')) continue;
    try {
      const output = (JSON.parse(line) as { output?: string }).output ?? '';
      if (output.startsWith('SONDE ')) return JSON.parse(output.slice('SONDE '.length)) as Record<string, unknown>;
    } catch {
      // another line
    }
  }
  return null;
}
