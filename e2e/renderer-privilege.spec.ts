import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OperationsState, SwitchBody } from '@shop/contracts/operations';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { probeReport, publishFrameReleaseRunning, publishProbingFrameRelease, type ProbeTargets } from './support/hostile-release';
import { addOperatorWithCommand, logIn, remoteCard } from './support/operations';
import { environmentNames, renderersOf } from './support/process-tree';
import { freePort, hasServerRenderedContent } from './support/stack-env';
import { repoRoot } from './support/stack-processes';
import { remoteEntry, stackForThisFile } from './support/stack';

// Decision 027: a remote team's release renders its part on the shop's server and can reach nothing else.
const HOSTILE = '1.0.9-sonde';
const ENDLESS = '1.0.9-boucle';
const operatorsFile = join(mkdtempSync(join(tmpdir(), 'shop-operators-')), 'operators.json');
const metricsTokenFile = join(mkdtempSync(join(tmpdir(), 'shop-metrics-')), 'metrics-token');
let metricsPort = 0;
let token = '';
const removals: Array<() => Promise<void>> = [];

const stack = stackForThisFile({
  // The renderer's output (what the release prints) is logged at info.
  env: () => ({ OPERATORS_FILE: operatorsFile, METRICS_PORT: String(metricsPort), METRICS_TOKEN_FILE: metricsTokenFile, LOG_LEVEL: 'info' }),
  beforeStart: async () => {
    metricsPort = await freePort();
    token = await addOperatorWithCommand('amina', { OPERATORS_FILE: operatorsFile });
  },
});
test.afterAll(async () => {
  for (const remove of removals) await remove();
});

/** Switches mf-frame like any release: the operators' API with an operator's token, after the checks every switch makes. */
async function switchFrame(request: APIRequestContext, version: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  const state = (await (await request.get(`${stack.url}/operations/api/state`, { headers })).json()) as OperationsState;
  const body: SwitchBody = { remote: 'mf_frame', entry: remoteEntry(stack.ports, 'mf_frame', version), expectedRevision: state.live.revision };
  const switched = await request.post(`${stack.url}/operations/api/switch`, { headers, data: body });
  expect(switched.status(), await switched.text()).toBe(200);
}

const serverRenderedWith = async (request: APIRequestContext, version: string) => {
  const html = await (await request.get(`${stack.url}/shop/face`)).text();
  return html.includes(`/${version}/mf-manifest.json`) && /<header[^>]*data-remote="mf_frame"/.test(html) && hasServerRenderedContent(html);
};

test('a hostile release switched live through the console reads, writes, runs and reaches nothing; the page renders and operators see what it tried', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const cartData = join(stack.dataDir, 'cart-data');
  const targets: ProbeTargets = {
    apiOrigin: `http://127.0.0.1:${stack.ports['cart-service']}`,
    metricsPort,
    secretFiles: {
      'the operators file': operatorsFile,
      'the metrics token': metricsTokenFile,
      "the shell's configuration code": join(repoRoot, 'shell/server/config.ts'),
      "mf-frame's own release folder on disk": join(repoRoot, 'mf-frame/dist/1.0.0/mf-manifest.json'),
    },
    secretFolders: { "cart-service's database": cartData, "the shell's folder": join(repoRoot, 'shell') },
    writes: [join(stack.dataDir, 'sonde.txt'), join(repoRoot, 'shell/sonde.txt'), 'sonde.txt'],
  };
  removals.push(await publishProbingFrameRelease(HOSTILE, targets));

  await switchFrame(request, HOSTILE);

  // The page still renders on the server, with the hostile release's header in it.
  await expect.poll(() => serverRenderedWith(request, HOSTILE), { timeout: 30_000 }).toBe(true);

  // What the release's code saw.
  await expect.poll(() => probeReport(stack.logs('shell')), { timeout: 30_000 }).not.toBeNull();
  const report = probeReport(stack.logs('shell'))!;
  const refused = (code: string) => ({ outcome: 'refused', code });
  expect(report['read /proc/self/environ']).toEqual(refused('ERR_ACCESS_DENIED'));
  expect(report['read /proc/self/cmdline']).toEqual(refused('ERR_ACCESS_DENIED'));
  expect(report["read the shell's /proc environ"]).toEqual(refused('ERR_ACCESS_DENIED'));
  for (const name of Object.keys(targets.secretFiles)) expect(report[`read ${name}`], name).toEqual(refused('ERR_ACCESS_DENIED'));
  for (const name of Object.keys(targets.secretFolders)) expect(report[`list ${name}`], name).toEqual(refused('ERR_ACCESS_DENIED'));
  for (const path of targets.writes) expect(report[`write ${path}`], path).toEqual(refused('ERR_ACCESS_DENIED'));
  expect(report['run a command']).toEqual(refused('ERR_ACCESS_DENIED'));
  expect(report['start a worker']).toEqual(refused('ERR_ACCESS_DENIED'));
  expect(report['load a native addon']).toEqual(refused('ERR_DLOPEN_DISABLED'));
  expect(report["use Node's internal bindings"]).toEqual(refused('ERR_ACCESS_DENIED'));
  expect(report['read /etc/passwd (promise)']).toEqual(refused('ERR_ACCESS_DENIED'));
  expect(report.environment).toBe('NODE_ENV,TMPDIR');
  // cart-service's operators' routes want the token the renderer never holds; the metrics port is not one rendering needs.
  expect(report['GET /admin/orders']).toEqual({ status: 401 });
  expect(report['fetch /metrics']).toEqual({ refused: 'ERR_RENDERER_CONNECTION_REFUSED' });
  expect(report['raw TCP to /metrics']).toEqual({ refused: 'ERR_RENDERER_CONNECTION_REFUSED' });
  // And where the renderer is not stopped in-process (any other process on the machine), /metrics wants its token.
  expect((await request.get(`http://127.0.0.1:${metricsPort}/metrics`)).status()).toBe(401);
  for (const path of targets.writes.slice(0, 2)) expect(existsSync(path), path).toBe(false);

  // The refusals are logged with the release's name and version (they travel apart from the release's output: polled).
  const refusals = () =>
    stack
      .logs('shell')
      .split('\n')
      .filter((line) => line.includes('renderer refused an access'))
      .map((line) => JSON.parse(line) as { remote: string | null; version: string | null; access: string });
  const fromHostile = (access: string) => expect.objectContaining({ remote: 'mf_frame', version: HOSTILE, access });
  await expect
    .poll(refusals)
    .toEqual(
      expect.arrayContaining([
        fromHostile('fs.readFileSync /proc/self/environ'),
        fromHostile(`fs.readFileSync ${operatorsFile}`),
        fromHostile(`fs.readdirSync ${cartData}`),
        fromHostile(`fs.writeFileSync ${targets.writes[0]}`),
        fromHostile('child_process.execSync id'),
        fromHostile('fs.promises.readFile /etc/passwd'),
        fromHostile(`fetch http://127.0.0.1:${metricsPort}/metrics`),
        fromHostile(`net.connect 127.0.0.1:${metricsPort}`),
      ]),
    );
  expect(refusals().filter((r) => r.remote !== 'mf_frame' || r.version !== HOSTILE)).toEqual([]);

  // …and shown on the remote's card in the console.
  await logIn(page, stack.url, 'amina');
  const refusedOnCard = remoteCard(page, 'mf_frame').getByRole('region', { name: 'Accès refusés au rendu serveur' });
  await expect(refusedOnCard).toContainText(`${HOSTILE} : fs.readFileSync /proc/self/environ`);
  await expect(refusedOnCard).toContainText(`${HOSTILE} : child_process.execSync id`);
  await expect(remoteCard(page, 'mf_cart').getByRole('region', { name: 'Accès refusés au rendu serveur' })).toHaveCount(0);
});

test('the renderer is a process of its own, with the permission flags, a clean environment and a capped heap', async ({ request }) => {
  expect((await request.get(`${stack.url}/shop/face`)).status()).toBe(200);
  const shell = stack.pid('shell')!;
  const renderers = renderersOf(shell);
  expect(renderers.length).toBeGreaterThanOrEqual(1);
  for (const renderer of renderers) {
    expect(renderer.pid).not.toBe(shell);
    // As /proc/<pid>/cmdline shows it (process-tree.ts reads it there).
    const { argv } = renderer;
    expect(argv.some((arg) => arg === '--permission' || arg === '--experimental-permission')).toBe(true);
    expect(argv.filter((arg) => /^--allow-(fs-write|child-process|worker|addons|wasi|inspector)/.test(arg))).toEqual([]);
    expect(argv).toContain('--max-old-space-size=256');
    const reads = argv.filter((arg) => arg.startsWith('--allow-fs-read=')).map((arg) => arg.slice('--allow-fs-read='.length));
    // The shell's Node build, the packages it loads and the renderer's own folder: no configuration, data or sources.
    for (const path of reads) expect(path, path).toMatch(/\/dist\/server$|\/node_modules(\/|$)|\/dist\/node_modules$|\/shop-renderer-[^/]+$/);
    expect(environmentNames(renderer.pid)).toEqual(['NODE_ENV', 'TMPDIR']);
  }
});

test('a release whose server code never returns is killed and replaced; pages keep answering and render again after a switch', async ({ request }) => {
  test.setTimeout(90_000);
  removals.push(await publishFrameReleaseRunning(ENDLESS, ';for (;;) {}\n'));
  await switchFrame(request, ENDLESS);
  // Shoppers keep coming: every page answers, rendered by the browser with the live configuration while no renderer
  // can be ready for it.
  await expect
    .poll(
      async () => {
        expect((await request.get(`${stack.url}/shop/face`)).status()).toBe(200);
        return stack.logs('shell');
      },
      { timeout: 30_000 },
    )
    .toMatch(/"msg":"renderer stuck: killing it"/);
  const page = await request.get(`${stack.url}/shop/face`);
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toContain(`/${ENDLESS}/mf-manifest.json`);
  expect(html).toMatch(/<div id="root"><\/div>/);
  await switchFrame(request, '1.0.0');
  await expect.poll(() => serverRenderedWith(request, '1.0.0'), { timeout: 30_000 }).toBe(true);
  // No renderer is left spinning: only those of the configuration now live.
  await expect.poll(() => renderersOf(stack.pid('shell')!).length, { timeout: 15_000 }).toBe(1);
});
