/**
 * The shop's PostgreSQL in the cluster (base/postgres): Patroni's own Kubernetes mode, pgBackRest's archive and
 * scheduled backups, PgBouncer in front. Where Patroni and pgBackRest are installed (Debian bookworm's packages, the
 * image's), their own parsers read the configuration the ConfigMaps hold.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { kubernetesDir } from './kustomize-subset';
import { configMapsOf, containersOf, environmentOf, mainContainer, named, ofKind, podOf, renderings, valueOf, workload, type Pod } from './manifest-queries';

const rendered = renderings();

const installed = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/** Patroni's configuration file, as the ConfigMap holds it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Patroni's YAML, checked field by field below
const patroniConfig = (objects: typeof rendered.base): Record<string, any> => parse(named(objects, 'ConfigMap', 'patroni').data['patroni.yml']);

/** A pgBackRest ini file's `key=value` lines (comments and sections left out; keys are unique across sections here). */
function ini(text: string): Record<string, string> {
  const lines = text.split('\n').filter((line) => /^[a-z0-9-]+=/.test(line));
  return Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
}
const pgbackrestFile = (objects: typeof rendered.base, file: string) => named(objects, 'ConfigMap', 'pgbackrest').data[file] as string;

const BACKUPS = { 'postgres-backup-full': 'full', 'postgres-backup-incr': 'incr' } as const;

describe.each(Object.entries(rendered))('the %s rendering’s PostgreSQL', (_name, objects) => {
  const statefulSet = workload(objects, 'postgres');
  const patroni = patroniConfig(objects);

  it('runs two servers under Patroni, each with its own volume, never on one node, one disrupted at a time', () => {
    expect(statefulSet.spec.replicas).toBe(2);
    expect(statefulSet.spec.volumeClaimTemplates.map((claim: Pod) => claim.metadata.name)).toEqual(['pgdata']);
    const dataMount = mainContainer(objects, 'postgres').volumeMounts.find((mount: Pod) => mount.name === 'pgdata');
    expect(patroni.postgresql.data_dir.startsWith(`${dataMount.mountPath}/`)).toBe(true);
    const antiAffinity = podOf(statefulSet).affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution;
    expect(antiAffinity).toEqual([{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { 'app.kubernetes.io/name': 'postgres' } } }]);
    expect(named(objects, 'PodDisruptionBudget', 'postgres').spec).toEqual({ maxUnavailable: 1, selector: { matchLabels: { 'app.kubernetes.io/name': 'postgres' } } });
  });

  it('keeps Patroni’s state in the Kubernetes API, in Endpoints, with its namespace, name and address from the downward API', () => {
    const container = mainContainer(objects, 'postgres');
    expect(valueOf(objects, container, 'PATRONI_KUBERNETES_USE_ENDPOINTS')).toBe('true');
    const fields = Object.fromEntries((container.env as Pod[]).filter((variable) => variable.valueFrom?.fieldRef).map((variable) => [variable.name, variable.valueFrom.fieldRef.fieldPath]));
    expect(fields).toEqual({ PATRONI_KUBERNETES_NAMESPACE: 'metadata.namespace', PATRONI_KUBERNETES_POD_IP: 'status.podIP', PATRONI_NAME: 'metadata.name' });
    // Patroni finds its members by its labels and its scope label: the pods must carry both.
    const labels = JSON.parse(valueOf(objects, container, 'PATRONI_KUBERNETES_LABELS')!);
    expect(podOf(statefulSet) && statefulSet.spec.template.metadata.labels).toMatchObject({ ...labels, 'cluster-name': patroni.scope });
    expect(container.args).toEqual(['/etc/patroni/patroni.yml']);
    const mount = container.volumeMounts.find((mount: Pod) => mount.mountPath === '/etc/patroni');
    expect(podOf(statefulSet).volumes.find((volume: Pod) => volume.name === mount.name).configMap.name).toBe('patroni');
  });

  it('acknowledges a commit once both servers have it, and rejoins a former primary with pg_rewind', () => {
    expect(patroni.bootstrap.dcs.synchronous_mode).toBe(true);
    expect(patroni.bootstrap.dcs.postgresql.use_pg_rewind).toBe(true);
    expect(patroni.bootstrap.initdb).toContain('data-checksums');
  });

  it('keeps the fleet’s durability rules (deploy/patroni/patroni.yml, deploy/pgbackrest/pgbackrest.conf): a drift fails here', () => {
    const policy = parse(readFileSync(kubernetesDir('../patroni/patroni.yml'), 'utf8')) as ReturnType<typeof patroniConfig>;
    const durability = (config: ReturnType<typeof patroniConfig>) => {
      const { dcs } = config.bootstrap;
      const { parameters } = dcs.postgresql;
      return {
        ...Object.fromEntries(['synchronous_mode', 'synchronous_mode_strict', 'maximum_lag_on_failover'].map((key) => [key, dcs[key]])),
        use_pg_rewind: dcs.postgresql.use_pg_rewind,
        ...Object.fromEntries(['wal_level', 'archive_mode', 'archive_timeout'].map((key) => [key, parameters[key]])),
        checksums: config.bootstrap.initdb.includes('data-checksums'),
      };
    };
    expect(durability(patroni)).toEqual(durability(policy));
    const fleetPgbackrest = ini(readFileSync(kubernetesDir('../pgbackrest/pgbackrest.conf'), 'utf8'));
    const repository = ini(pgbackrestFile(rendered.base, 'repository.conf'));
    for (const key of ['repo1-path', 'repo1-retention-full-type', 'repo1-retention-full', 'compress-type', 'repo1-s3-uri-style']) {
      expect(repository[key], key).toBe(fleetPgbackrest[key]);
    }
  });

  it('archives every WAL segment with pgBackRest, and restores replicas from its backups', () => {
    const parameters = patroni.bootstrap.dcs.postgresql.parameters;
    expect(parameters.archive_mode).toBe('on');
    expect(parameters.archive_command).toBe('pgbackrest --stanza=shop archive-push %p');
    expect(patroni.postgresql.recovery_conf.restore_command).toBe('pgbackrest --stanza=shop archive-get %f "%p"');
    expect(patroni.postgresql.create_replica_methods[0]).toBe('pgbackrest');
    expect(patroni.bootstrap.post_bootstrap).toContain('pgbackrest --stanza=shop --log-level-console=info stanza-create');
  });

  it('publishes the primary as the Service named after Patroni’s scope, whose Endpoints Patroni writes, on the port it writes', () => {
    const primary = named(objects, 'Service', patroni.scope);
    expect(primary.spec.selector).toBeUndefined();
    const written = JSON.parse(valueOf(objects, mainContainer(objects, 'postgres'), 'PATRONI_KUBERNETES_PORTS')!);
    expect(primary.spec.ports.map((port: Pod) => ({ name: port.name, port: port.targetPort }))).toEqual(written);
    // The configuration's Endpoints is kept by a Service of its own, made here, not by Patroni.
    expect(named(objects, 'Service', `${patroni.scope}-config`).spec).toEqual({ clusterIP: 'None' });
    const pods = named(objects, 'Service', statefulSet.spec.serviceName);
    expect(pods.spec.clusterIP).toBe('None');
    expect(pods.spec.publishNotReadyAddresses).toBe(true);
  });

  it('allows Patroni in the API only what it uses: Endpoints and its pods’ labels, in its namespace, nothing to delete', () => {
    expect(ofKind(objects, 'Role')).toHaveLength(1);
    expect(named(objects, 'Role', 'postgres').rules).toEqual([
      { apiGroups: [''], resources: ['endpoints'], verbs: ['get', 'list', 'watch', 'create', 'patch'] },
      { apiGroups: [''], resources: ['pods'], verbs: ['list', 'watch', 'patch'] },
    ]);
    expect(ofKind(objects, 'ClusterRole')).toEqual([]);
    expect(ofKind(objects, 'ClusterRoleBinding')).toEqual([]);
    const binding = named(objects, 'RoleBinding', 'postgres');
    expect(binding.roleRef).toEqual({ apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'postgres' });
    expect(binding.subjects).toEqual([{ kind: 'ServiceAccount', name: podOf(statefulSet).serviceAccountName }]);
    expect(named(objects, 'ServiceAccount', 'postgres').automountServiceAccountToken).toBe(false);
  });

  it('configures pgBackRest’s repository in S3, path-style, encrypted, with a retention, one process, zstd or lz4, archive-async', () => {
    const repository = ini(pgbackrestFile(objects, 'repository.conf'));
    expect(repository).toMatchObject({ 'repo1-type': 's3', 'repo1-s3-uri-style': 'path', 'process-max': '1', 'repo1-cipher-type': 'aes-256-cbc' });
    expect(Number(repository['repo1-retention-full'])).toBeGreaterThanOrEqual(2);
    expect(repository['compress-type']).toMatch(/^(zst|lz4)$/);
    expect(ini(pgbackrestFile(objects, 'database-host.conf'))['archive-async']).toBe('y');
    // Bucket, endpoint and region from configuration; the key, secret and passphrase from a Secret, never a ConfigMap.
    const location = named(objects, 'ConfigMap', 'pgbackrest-repository').data;
    expect(Object.keys(location).sort()).toEqual(['PGBACKREST_REPO1_S3_BUCKET', 'PGBACKREST_REPO1_S3_ENDPOINT', 'PGBACKREST_REPO1_S3_REGION']);
    for (const container of [mainContainer(objects, 'postgres'), ...Object.keys(BACKUPS).map((name) => mainContainer(objects, name))]) {
      const environment = environmentOf(objects, container);
      for (const variable of ['PGBACKREST_REPO1_S3_KEY', 'PGBACKREST_REPO1_S3_KEY_SECRET', 'PGBACKREST_REPO1_CIPHER_PASS']) {
        expect(environment.get(variable), `${container.name} ${variable}`).toEqual({ secret: expect.objectContaining({ name: 'pgbackrest-s3' }) });
      }
      expect(valueOf(objects, container, 'PGBACKREST_REPO1_S3_ENDPOINT'), container.name).toBe(location.PGBACKREST_REPO1_S3_ENDPOINT);
    }
    for (const file of ['repository.conf', 'database-host.conf', 'backup-host.conf']) {
      expect(pgbackrestFile(objects, file), file).not.toMatch(/^repo1-(s3-key|s3-key-secret|cipher-pass)=/m);
    }
  });

  it('runs pgBackRest’s TLS server beside each server, on its declared port, for the backup jobs’ client certificate alone', () => {
    const server = containersOf(statefulSet).find((container) => container.name === 'pgbackrest')!;
    expect(server.command).toEqual(['pgbackrest', 'server']);
    const settings = ini(pgbackrestFile(objects, 'database-host.conf'));
    expect(server.ports).toEqual([{ name: 'pgbackrest', containerPort: Number(settings['tls-server-port']) }]);
    expect(settings['tls-server-auth']).toBe('pgbackrest-backup=shop');
    // Certificates from the mounted Secret, the data read-only.
    const tls = server.volumeMounts.find((mount: Pod) => mount.mountPath === '/etc/pgbackrest/tls');
    expect(tls.readOnly).toBe(true);
    for (const option of ['tls-server-cert-file', 'tls-server-key-file', 'tls-server-ca-file']) expect(settings[option]!.startsWith(`${tls.mountPath}/`), option).toBe(true);
    expect(server.volumeMounts.find((mount: Pod) => mount.name === 'pgdata').readOnly).toBe(true);
  });

  it('names every server in the backup jobs’ configuration by its stable name, over TLS', () => {
    const settings = ini(pgbackrestFile(objects, 'backup-host.conf'));
    const hosts = Object.keys(settings).filter((key) => /^pg\d+-host$/.test(key));
    expect(hosts.map((key) => settings[key])).toEqual(
      Array.from({ length: statefulSet.spec.replicas }, (_, index) => `${statefulSet.metadata.name}-${index}.${statefulSet.spec.serviceName}`),
    );
    for (const key of hosts) expect(settings[`${key}-type`], key).toBe('tls');
  });

  it('backs up on a schedule, full weekly and incremental daily, with pgbackrest backup --type, one at a time, within a deadline', () => {
    for (const [name, type] of Object.entries(BACKUPS)) {
      const cronJob = named(objects, 'CronJob', name);
      expect(mainContainer(objects, name).command, name).toEqual(['pgbackrest', '--stanza=shop', 'backup', `--type=${type}`]);
      expect(cronJob.spec.concurrencyPolicy, name).toBe('Forbid');
      expect(cronJob.spec.jobTemplate.spec.backoffLimit, name).toBeGreaterThan(0);
      // Each job ends before the next one's schedule.
      expect(cronJob.spec.jobTemplate.spec.activeDeadlineSeconds, name).toBeLessThan(24 * 3600);
      expect(cronJob.spec.successfulJobsHistoryLimit, name).toBeGreaterThan(0);
      expect(cronJob.spec.failedJobsHistoryLimit, name).toBeGreaterThan(0);
      expect(podOf(cronJob).restartPolicy, name).toBe('Never');
    }
    const schedules = Object.keys(BACKUPS).map((name) => named(objects, 'CronJob', name).spec.schedule.split(' '));
    // Same time; the full on Sundays, the incremental on the other days, never both on one day.
    expect(schedules.map((fields) => fields.slice(0, 4))).toEqual([schedules[0]!.slice(0, 4), schedules[0]!.slice(0, 4)]);
    expect(schedules.map((fields) => fields[4])).toEqual(['0', '1-6']);
    // The two jobs' pods differ by their --type alone.
    const [full, incremental] = Object.keys(BACKUPS).map((name) => JSON.stringify(named(objects, 'CronJob', name).spec.jobTemplate).replace(/--type=\w+/, '--type=…'));
    expect(incremental).toBe(full);
  });

  it('gives the backup jobs the repository and the servers’ addresses, and the servers the repository and their own side', () => {
    const files = (name: string) => configMapsOf(podOf(workload(objects, name)).volumes.find((volume: Pod) => volume.name === 'pgbackrest-config'));
    const items = (name: string) => podOf(workload(objects, name)).volumes.find((volume: Pod) => volume.name === 'pgbackrest-config').configMap.items.map((item: Pod) => item.key);
    expect(files('postgres')).toEqual(['pgbackrest']);
    expect(items('postgres')).toEqual(['repository.conf', 'database-host.conf']);
    for (const name of Object.keys(BACKUPS)) expect(items(name), name).toEqual(['repository.conf', 'backup-host.conf']);
  });

  it('puts PgBouncer in front of the primary’s Service with the shop’s pooling policy', () => {
    const site = named(objects, 'ConfigMap', 'pgbouncer-site').data['pgbouncer.ini'] as string;
    expect(/^shop = host=(\S+) port=(\d+) dbname=shop$/m.exec(site)?.slice(1)).toEqual([patroni.scope, String(named(objects, 'Service', patroni.scope).spec.ports[0].port)]);
    const deployment = workload(objects, 'pgbouncer');
    const include = /^%include (\S+)$/m.exec(site)![1]!;
    const mount = mainContainer(objects, 'pgbouncer').volumeMounts.find((mount: Pod) => include.startsWith(`${mount.mountPath}/`));
    const policy = named(objects, 'ConfigMap', podOf(deployment).volumes.find((volume: Pod) => volume.name === mount.name).configMap.name);
    expect(policy.data[include.slice(mount.mountPath.length + 1)]).toBe(readFileSync(kubernetesDir('../pgbouncer/pgbouncer.ini'), 'utf8'));
    expect(/^listen_port = (\d+)$/m.exec(site)?.[1]).toBe(String(mainContainer(objects, 'pgbouncer').ports[0].containerPort));
  });
});

describe('Patroni’s and pgBackRest’s own checks of the configuration', () => {
  const folder = mkdtempSync(join(tmpdir(), 'postgres-config-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const objects = rendered.production;

  it.skipIf(!installed('patroni'))('patroni --validate-config accepts patroni.yml with the variables the pods set', () => {
    const file = join(folder, 'patroni.yml');
    writeFileSync(file, named(objects, 'ConfigMap', 'patroni').data['patroni.yml']);
    const container = mainContainer(objects, 'postgres');
    const podValues: Record<string, string> = { PATRONI_KUBERNETES_NAMESPACE: 'maison-argane', PATRONI_KUBERNETES_POD_IP: '10.244.1.7', PATRONI_NAME: 'postgres-0' };
    const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', ...podValues };
    for (const [variable, source] of environmentOf(objects, container)) {
      if (variable.startsWith('PATRONI_') && 'value' in source) env[variable] = source.value.replace(/\$\((\w+)\)/g, (_, name: string) => env[name] ?? '');
      else if (variable.startsWith('PATRONI_') && 'secret' in source) env[variable] = 'not-a-real-password';
    }
    const result = spawnSync('patroni', ['--validate-config', file], { env, encoding: 'utf8' });
    // Patroni 3.0.2 (Debian bookworm's) still asks for bootstrap.pg_hba, which Patroni ignores since postgresql.pg_hba
    // exists and 3.0.3 stopped asking for (patroni/patroni#2684): the one complaint let through.
    const complaints = `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.trim() && line.trim() !== 'bootstrap.pg_hba  is not defined.');
    expect(complaints).toEqual([]);
  });

  it.skipIf(!installed('pgbackrest'))('pgbackrest reads each side’s files without an unknown option, with the values meant', () => {
    const location = named(objects, 'ConfigMap', 'pgbackrest-repository').data as Record<string, string>;
    for (const [side, command] of [
      ['database-host.conf', 'archive-push'],
      ['backup-host.conf', 'backup'],
    ] as const) {
      const configPath = join(folder, side.replace('.conf', ''));
      mkdirSync(join(configPath, 'conf.d'), { recursive: true });
      for (const file of ['repository.conf', side]) writeFileSync(join(configPath, 'conf.d', file), pgbackrestFile(objects, file));
      // An unknown option is a warning on stderr, and the command still succeeds.
      const result = spawnSync('pgbackrest', [`--config-path=${configPath}`, '--stanza=shop', 'help', command, 'compress-type'], {
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...location },
        encoding: 'utf8',
      });
      expect(result.status, side).toBe(0);
      expect(`${result.stdout}${result.stderr}`, side).not.toMatch(/WARN|ERROR/);
      expect(result.stdout, side).toMatch(/^current: zst$/m);
    }
  });
});
