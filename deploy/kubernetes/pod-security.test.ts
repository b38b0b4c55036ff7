import { describe, expect, it } from 'vitest';
import {
  configMapsOf,
  containerKey,
  containersOf,
  isUnder,
  mainContainer,
  named,
  podName,
  podOf,
  renderings,
  SCALABLE_KINDS,
  valueOf,
  workload,
  workloads,
  writableMounts,
  type Container,
  type Pod,
} from './manifest-queries';

const rendered = renderings();

/** A container's effective security setting: its own, else its pod's (as the kubelet resolves it). */
const effective = (pod: Pod, container: Container, field: string) => container.securityContext?.[field] ?? pod.securityContext?.[field];

/**
 * What each long-running container's probes ask (by containerKey): the endpoints its server really has, or the port
 * it listens on for a server with no HTTP endpoint. The backup jobs' pods run to their end and have none.
 */
const PROBES: Record<string, { readiness: string; liveness: string } | { tcp: string }> = {
  shell: { readiness: '/readyz', liveness: '/healthz' },
  'cart-service': { readiness: '/readyz', liveness: '/healthz' },
  'mf-frame': { readiness: '/healthz', liveness: '/healthz' },
  'mf-cart': { readiness: '/healthz', liveness: '/healthz' },
  'mf-catalog-pages': { readiness: '/healthz', liveness: '/healthz' },
  // Answered by Varnish itself (deploy/varnish/shop.vcl), whatever the shells' state.
  varnish: { readiness: '/edge/varnish-up', liveness: '/edge/varnish-up' },
  // Patroni's REST API: /readiness answers 200 when PostgreSQL runs and follows or leads, /liveness when Patroni does.
  postgres: { readiness: '/readiness', liveness: '/liveness' },
  'postgres/pgbackrest': { tcp: 'pgbackrest' },
  pgbouncer: { tcp: 'pgbouncer' },
};

/** The pods that call the Kubernetes API, each with its own ServiceAccount: Patroni keeps its state there. */
const API_CLIENTS: Record<string, string> = { postgres: 'postgres' };

/**
 * Secrets mounted as files, by pod: only where a program reads a file and takes no variable (certificates, PgBouncer's
 * auth_file). Every other secret is a variable, by name.
 */
const SECRET_FILES: Record<string, string[]> = {
  postgres: ['pgbackrest-server-tls'],
  'postgres-backup': ['pgbackrest-client-tls'],
  pgbouncer: ['pgbouncer-auth'],
};

/**
 * Where each container (by containerKey) must write (its configuration's paths), and nothing else: everything else is
 * read-only.
 */
const WRITABLE: Record<string, string[]> = {
  shell: ['/tmp', '/var/cache/maison-argane-shell'],
  'cart-service': ['/tmp'],
  'mf-frame': ['/tmp'],
  'mf-cart': ['/tmp'],
  'mf-catalog-pages': ['/tmp'],
  // varnishd's working folder (-n: shared memory log, compiled VCL) and the C compiler's temporary files.
  varnish: ['/tmp', '/var/lib/varnish'],
  // The data volume; the socket; archive-async's queue; Patroni's pgpass file and pgBackRest's locks.
  postgres: ['/var/lib/postgresql/data', '/var/run/postgresql', '/var/spool/pgbackrest', '/tmp'],
  // pgBackRest's server reads the data (mounted read-only) and the socket; its locks.
  'postgres/pgbackrest': ['/var/run/postgresql', '/tmp'],
  'postgres-backup/pgbackrest': ['/tmp'],
  pgbouncer: [],
};

/** `250m` → 0.25, `2` → 2; `1536Mi` → bytes. */
const quantity = (text: string | number) => {
  const match = /^([0-9.]+)(m|Ki|Mi|Gi)?$/.exec(String(text));
  if (!match) throw new Error(`unexpected quantity ${text}`);
  const factor = { m: 1e-3, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30 }[match[2] as 'm'] ?? 1;
  return Number(match[1]) * factor;
};

describe.each(Object.entries(rendered))('the %s rendering’s pods', (_name, objects) => {
  const deployables = workloads(objects);

  it.each(deployables.map((deployment) => [deployment.metadata.name, deployment] as const))(
    '%s runs as a numeric non-root user, read-only, with no capability, escalation or host access',
    (name, deployment) => {
      const pod = podOf(deployment);
      expect(pod.hostNetwork ?? false).toBe(false);
      expect(pod.hostPID ?? false).toBe(false);
      expect(pod.hostIPC ?? false).toBe(false);
      // No API token for code that should never call the API, and no service links shadowing the shop's port variables.
      const apiClient = API_CLIENTS[podName(deployment)];
      expect(pod.automountServiceAccountToken).toBe(apiClient !== undefined);
      expect(pod.serviceAccountName).toBe(apiClient);
      expect(pod.enableServiceLinks).toBe(false);
      // Scratch space and configuration only: no host path, and Secret files only where SECRET_FILES says (secrets
      // come as variables, by name), readable by the pod's group alone.
      const secretFiles = SECRET_FILES[podName(deployment)] ?? [];
      for (const volume of pod.volumes ?? []) {
        expect(Object.keys(volume).filter((key) => key !== 'name'), `${name} volume ${volume.name}`).toEqual([expect.stringMatching(/^(emptyDir|configMap|projected|secret)$/)]);
        // A projected volume gathers ConfigMaps only.
        for (const source of volume.projected?.sources ?? []) expect(Object.keys(source), `${name} volume ${volume.name}`).toEqual(['configMap']);
        if (volume.secret) {
          expect(secretFiles, `${name} volume ${volume.name}`).toContain(volume.secret.secretName);
          expect(volume.secret.defaultMode, `${name} volume ${volume.name}`).toBe(0o440);
          expect(pod.securityContext.fsGroup, `${name} volume ${volume.name}`).toBe(pod.securityContext.runAsGroup);
          for (const container of containersOf(deployment)) {
            for (const mount of (container.volumeMounts ?? []).filter((mount: Pod) => mount.name === volume.name)) expect(mount.readOnly, `${name} ${mount.mountPath}`).toBe(true);
          }
        }
      }
      for (const container of containersOf(deployment)) {
        const where = `${name}/${container.name}`;
        expect(effective(pod, container, 'runAsNonRoot'), where).toBe(true);
        const user = effective(pod, container, 'runAsUser');
        expect(Number.isInteger(user) && user > 0, `${where} runAsUser ${user}`).toBe(true);
        expect(effective(pod, container, 'seccompProfile')?.type, where).toBe('RuntimeDefault');
        expect(container.securityContext?.readOnlyRootFilesystem, where).toBe(true);
        expect(container.securityContext?.allowPrivilegeEscalation, where).toBe(false);
        expect(container.securityContext?.privileged ?? false, where).toBe(false);
        expect(container.securityContext?.capabilities?.drop, where).toEqual(['ALL']);
        expect(container.securityContext?.capabilities?.add ?? [], where).toEqual([]);
      }
    },
  );

  it('gives each kind of pod a user of its own, so one escaping its container is no other’s owner', () => {
    // The two backup CronJobs run one kind of pod (postgres-backup), and share its user.
    const users = new Map<string, Set<number>>();
    for (const deployment of deployables) {
      for (const container of containersOf(deployment)) {
        const user = effective(podOf(deployment), container, 'runAsUser');
        users.set(podName(deployment), new Set([...(users.get(podName(deployment)) ?? []), user]));
      }
    }
    for (const [pod, own] of users) expect(own.size, pod).toBe(1);
    const all = [...users.values()].map((own) => [...own][0]);
    expect(new Set(all).size).toBe(users.size);
  });

  it('makes writable only the folders each process writes to, each an emptyDir with a size limit', () => {
    for (const deployment of deployables) {
      const name = deployment.metadata.name;
      for (const container of containersOf(deployment)) {
        const key = containerKey(deployment, container);
        expect(WRITABLE[key], key).toBeDefined();
        expect(writableMounts(deployment, container).sort(), key).toEqual([...WRITABLE[key]!].sort());
        for (const mount of container.volumeMounts ?? []) {
          if (!writableMounts(deployment, container).includes(mount.mountPath)) expect(mount.readOnly, `${key} ${mount.mountPath}`).toBe(true);
        }
      }
      for (const volume of (podOf(deployment).volumes ?? []).filter((volume: Pod) => volume.emptyDir)) {
        expect(volume.emptyDir.sizeLimit, `${name} ${volume.name}`).toBeDefined();
      }
    }
    // The paths the shell's and cart-service's configuration write to are inside those folders.
    const shell = mainContainer(objects, 'shell');
    expect(isUnder(valueOf(objects, shell, 'RELEASE_CACHE_DIR')!, WRITABLE.shell!)).toBe(true);
    const cartService = mainContainer(objects, 'cart-service');
    expect(isUnder(valueOf(objects, cartService, 'CART_DATA_DIR')!, WRITABLE['cart-service']!)).toBe(true);
  });

  it('mounts the shell’s remotes file read-only from its ConfigMap, where REMOTES_CONFIG names it', () => {
    const deployment = named(objects, 'Deployment', 'shell');
    const container = mainContainer(objects, 'shell');
    const path = valueOf(objects, container, 'REMOTES_CONFIG')!;
    const mount = container.volumeMounts.find((mount: Pod) => path.startsWith(`${mount.mountPath}/`));
    expect(mount?.readOnly).toBe(true);
    const volume = podOf(deployment).volumes.find((volume: Pod) => volume.name === mount.name);
    expect(Object.keys(named(objects, 'ConfigMap', volume.configMap.name).data)).toContain(path.slice(mount.mountPath.length + 1));
  });

  it('runs varnishd without a jail on the VCL its ConfigMaps hold, read-only, beside the site.vcl it includes', () => {
    const statefulSet = workload(objects, 'varnish');
    const container = mainContainer(objects, 'varnish');
    const command: string[] = container.command;
    const option = (flag: string) => command.flatMap((word, index) => (word === flag ? [command[index + 1]!] : []));
    expect(command.slice(0, 2)).toEqual(['varnishd', '-F']);
    // Nothing runs as root to switch users from: the jail would fail or do nothing.
    expect(option('-j')).toEqual(['none']);
    const [vclFile] = option('-f');
    const mount = container.volumeMounts.find((mount: Pod) => vclFile!.startsWith(`${mount.mountPath}/`));
    expect(mount?.readOnly).toBe(true);
    const volume = podOf(statefulSet).volumes.find((volume: Pod) => volume.name === mount.name);
    const files = configMapsOf(volume).flatMap((name) => Object.keys(named(objects, 'ConfigMap', name).data));
    // Each file once, shop.vcl where -f names it, site.vcl beside it, on the vcl_path its include searches, alone there.
    expect(files.sort()).toEqual(['shop.vcl', 'site.vcl']);
    expect(vclFile).toBe(`${mount.mountPath}/shop.vcl`);
    expect(option('-p').filter((parameter) => parameter.startsWith('vcl_path='))).toEqual([`vcl_path=${mount.mountPath}`]);
    // The working folder is writable, in memory.
    const [workdir] = option('-n');
    expect(isUnder(workdir!, WRITABLE.varnish!)).toBe(true);
    const workdirVolume = podOf(statefulSet).volumes.find((volume: Pod) => volume.name === container.volumeMounts.find((mount: Pod) => mount.mountPath === workdir).name);
    expect(workdirVolume.emptyDir.medium).toBe('Memory');
    // The cache and the in-memory working folder fit within the memory limit, with room for the rest.
    const cache = /^malloc,(\d+)m$/.exec(option('-s')[0] ?? '');
    expect(cache).not.toBeNull();
    const used = Number(cache![1]) * 2 ** 20 + quantity(workdirVolume.emptyDir.sizeLimit);
    expect(used).toBeLessThan(quantity(container.resources.limits.memory) * 0.75);
  });

  it('listens with varnishd on the ports the Varnish container declares, pages on http, purges on purge', () => {
    const container = mainContainer(objects, 'varnish');
    const listeners = container.command.flatMap((word: string, index: number) => (word === '-a' ? [container.command[index + 1]] : []));
    const declared = container.ports.map((port: Pod) => `${port.name}=:${port.containerPort},HTTP`);
    expect(listeners.sort()).toEqual(declared.sort());
    expect(container.ports.map((port: Pod) => port.name).sort()).toEqual(['http', 'purge']);
  });

  it('probes each server on its real endpoints, on a port the container declares; a job’s pod not at all', () => {
    for (const deployment of deployables) {
      for (const container of containersOf(deployment)) {
        const key = containerKey(deployment, container);
        const probes = [container.readinessProbe, container.livenessProbe, container.startupProbe].filter(Boolean);
        if (!SCALABLE_KINDS.includes(deployment.kind)) {
          expect(probes, key).toEqual([]);
          continue;
        }
        const expected = PROBES[key];
        if (!expected) throw new Error(`${key}: no probes expected in PROBES`);
        const ports = container.ports.map((port: Pod) => port.name);
        if ('tcp' in expected) {
          expect(container.readinessProbe?.tcpSocket?.port, key).toBe(expected.tcp);
          expect(container.livenessProbe?.tcpSocket?.port, key).toBe(expected.tcp);
        } else {
          expect(container.readinessProbe?.httpGet?.path, key).toBe(expected.readiness);
          expect(container.livenessProbe?.httpGet?.path, key).toBe(expected.liveness);
        }
        for (const probe of probes) expect(ports, key).toContain((probe.httpGet ?? probe.tcpSocket).port);
      }
    }
  });

  it('sets requests and limits of CPU and memory on every container, requests within limits', () => {
    for (const deployment of deployables) {
      for (const container of containersOf(deployment)) {
        const { requests, limits } = container.resources ?? {};
        for (const resource of ['cpu', 'memory']) {
          expect(requests?.[resource], `${container.name} ${resource}`).toBeDefined();
          expect(limits?.[resource], `${container.name} ${resource}`).toBeDefined();
          expect(quantity(requests[resource]), `${container.name} ${resource}`).toBeLessThanOrEqual(quantity(limits[resource]));
        }
      }
    }
  });

  it('lets a stopping Varnish pause before it stops, for the ingress controller to take it out, within its grace period', () => {
    const container = mainContainer(objects, 'varnish');
    const [sleep, seconds] = container.lifecycle.preStop.exec.command;
    expect(sleep).toBe('sleep');
    expect(Number(seconds)).toBeGreaterThanOrEqual(5);
    expect(podOf(workload(objects, 'varnish')).terminationGracePeriodSeconds).toBeGreaterThan(Number(seconds) + 5);
  });

  it('gives a stopping server time to drain and finish its requests before it is killed', () => {
    for (const name of ['shell', 'cart-service']) {
      const drainMs = Number(valueOf(objects, mainContainer(objects, name), 'SHUTDOWN_DRAIN_MS'));
      expect(drainMs, name).toBeGreaterThan(0);
      // server-kit's graceful stop: the drain, then up to 5 s for requests already running (STOP_GRACE_MS).
      expect(podOf(named(objects, 'Deployment', name)).terminationGracePeriodSeconds * 1000, name).toBeGreaterThan(drainMs + 5000);
    }
  });
});
