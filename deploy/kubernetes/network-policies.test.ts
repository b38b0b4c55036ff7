import { DEFAULT_PORTS } from '@shop/contracts/ports';
import { describe, expect, it } from 'vitest';
import type { KubernetesObject } from './kustomize-subset';
import { containersOf, mainContainer, named, policiesFor, renderings, valueOf, workload, workloads } from './manifest-queries';

const rendered = renderings();

type Selector = { matchLabels?: Record<string, string> };
type Peer = { ipBlock?: { cidr: string; except?: string[] }; namespaceSelector?: Selector; podSelector?: Selector };
type Rule = { from?: Peer[]; to?: Peer[]; ports?: Array<{ protocol?: string; port?: number | string }> };

const labels = (selector: Selector) => Object.entries(selector.matchLabels ?? {}).map(([key, value]) => `${key}=${value}`).join(',') || '*';

/** A peer in words: `cidr 10.0.0.0/8`, `pods app=x` (this namespace), `namespace n=y pods app=x`. */
function peerText(peer: Peer): string {
  if (peer.ipBlock) return `cidr ${peer.ipBlock.cidr}${peer.ipBlock.except ? ` except ${peer.ipBlock.except.join(',')}` : ''}`;
  const namespace = peer.namespaceSelector ? `namespace ${labels(peer.namespaceSelector)} ` : '';
  return `${namespace}pods ${peer.podSelector ? labels(peer.podSelector) : '*'}`;
}

/**
 * Every connection a workload's pods may make (`egress`) or take (`ingress`), one `peer port` line each, from all
 * the policies that select them; `anything` when none of them restricts that direction.
 */
function allowed(objects: KubernetesObject[], name: string, direction: 'ingress' | 'egress'): string[] {
  const policies = policiesFor(objects, workload(objects, name)).filter((policy) =>
    (policy.spec.policyTypes as string[]).includes(direction === 'ingress' ? 'Ingress' : 'Egress'),
  );
  if (policies.length === 0) return ['anything'];
  const lines = policies.flatMap((policy) =>
    ((policy.spec[direction] ?? []) as Rule[]).flatMap((rule) => {
      const peers = (direction === 'ingress' ? rule.from : rule.to) ?? [];
      const ports = rule.ports ?? [];
      if (peers.length === 0 || ports.length === 0) return [`${peers.length ? peers.map(peerText).join(' | ') : 'anyone'} on ${ports.length ? 'some ports' : 'any port'}`];
      return peers.flatMap((peer) => ports.map((port) => `${peerText(peer)} ${port.protocol ?? 'TCP'}/${port.port}`));
    }),
  );
  return [...new Set(lines)].sort();
}

const DNS = ['namespace kubernetes.io/metadata.name=kube-system pods k8s-app=kube-dns TCP/53', 'namespace kubernetes.io/metadata.name=kube-system pods k8s-app=kube-dns UDP/53'];
const INGRESS_CONTROLLER = 'namespace kubernetes.io/metadata.name=ingress-nginx pods app.kubernetes.io/name=ingress-nginx';
/** The OpenTelemetry Collector's OTLP/HTTP receiver (decision 035): the shell (its renderers too) and cart-service. */
const COLLECTOR_NAMESPACE = 'observability';
const COLLECTOR = `namespace kubernetes.io/metadata.name=${COLLECTOR_NAMESPACE} pods app.kubernetes.io/name=opentelemetry-collector TCP/4318`;
/** Varnish's purge listener (varnish.yaml), where the shell's release control and cart-service send their purges. */
const VARNISH_PURGE = 'pods app.kubernetes.io/name=varnish TCP/6082';

/** The database tier's peers in the namespace (base/postgres). */
const POSTGRES = 'pods app.kubernetes.io/name=postgres';
const PGBOUNCER = 'pods app.kubernetes.io/name=pgbouncer';
const BACKUP = 'pods app.kubernetes.io/name=postgres-backup';
/** Outside the cluster, per rendering: the Kubernetes API server (Patroni's state), the S3 store (the backups' bucket). */
const API_SERVER = { base: 'cidr 192.0.2.1/32', production: 'cidr 10.40.0.1/32' };
const S3 = { base: 'cidr 198.51.100.0/24', production: 'cidr 203.0.113.0/24' };

/** Where each deployable's pods may connect, per rendering: the overlay puts the managed services' addresses. */
const EGRESS = {
  base: {
    shell: [
      ...DNS,
      'pods app.kubernetes.io/name=cart-service TCP/4000',
      'pods app.kubernetes.io/name=redis TCP/6379',
      `${INGRESS_CONTROLLER} TCP/443`,
      VARNISH_PURGE,
      COLLECTOR,
    ],
    'cart-service': [...DNS, `${PGBOUNCER} TCP/6432`, VARNISH_PURGE, COLLECTOR],
  },
  production: {
    shell: [
      ...DNS,
      'pods app.kubernetes.io/name=cart-service TCP/4000',
      'cidr 10.40.0.10/32 TCP/6379',
      `${INGRESS_CONTROLLER} TCP/443`,
      // The release store (bucket and CDN).
      'cidr 203.0.113.0/24 TCP/443',
      VARNISH_PURGE,
      COLLECTOR,
    ],
    'cart-service': [...DNS, `${PGBOUNCER} TCP/6432`, VARNISH_PURGE, COLLECTOR],
  },
};

/** The generated ConfigMap (varnish-vcl-<hash>, varnish-site-<hash>) that holds one of Varnish's VCL files. */
function configMapOfVarnish(objects: KubernetesObject[], file: string): string {
  const volume = workload(objects, 'varnish').spec.template.spec.volumes.find((volume: { name: string }) => volume.name === 'vcl');
  const names: string[] = volume.projected.sources.map((source: { configMap: { name: string } }) => source.configMap.name);
  return names.find((name) => file in (named(objects, 'ConfigMap', name).data ?? {}))!;
}

describe.each(Object.entries(rendered))('the %s rendering’s network policies', (name, objects) => {
  const deployables = workloads(objects);

  it('deny everything not allowed below, in and out, for every pod of the namespace', () => {
    const defaultDeny = named(objects, 'NetworkPolicy', 'default-deny');
    expect(defaultDeny.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
  });

  it('give every deployable a policy of its own, and never allow any peer or any port', () => {
    for (const deployment of deployables) {
      const own = policiesFor(objects, deployment).filter((policy) => policy.metadata.name !== 'default-deny');
      expect(own.length, deployment.metadata.name).toBeGreaterThan(0);
      for (const direction of ['ingress', 'egress'] as const) {
        for (const line of allowed(objects, deployment.metadata.name, direction)) {
          expect(line, `${deployment.metadata.name} ${direction}`).not.toMatch(/^(anything|anyone)| on (any|some) port/);
          expect(line, `${deployment.metadata.name} ${direction}`).not.toMatch(/namespace \* |cidr [0-9.]+\/([0-9]|1[0-5]) /);
        }
      }
    }
  });

  it('let the shell and its renderers reach cart-service, Redis, the release hosts, Varnish’s purges, the traces’ collector and DNS, and nothing else', () => {
    expect(allowed(objects, 'shell', 'egress')).toEqual([...EGRESS[name as 'base'].shell].sort());
    // The port the shell is configured with is the one let through.
    expect(new URL(valueOf(objects, mainContainer(objects, 'shell'), 'CART_SERVICE_URL')!).port).toBe(String(DEFAULT_PORTS['cart-service']));
  });

  it('let cart-service reach PgBouncer, Varnish’s purges, the traces’ collector and DNS only', () => {
    expect(allowed(objects, 'cart-service', 'egress')).toEqual([...EGRESS[name as 'base']['cart-service']].sort());
  });

  it('let the shell and cart-service reach the collector their OTEL_EXPORTER_OTLP_ENDPOINT names, on its port, when one is named', () => {
    for (const process of ['shell', 'cart-service']) {
      const endpoint = valueOf(objects, mainContainer(objects, process), 'OTEL_EXPORTER_OTLP_ENDPOINT');
      if (endpoint === undefined) continue;
      // <service>.<namespace>.svc[.cluster.local]: a Service of the namespace the policy lets through, on the port it allows.
      const url = new URL(endpoint);
      expect(url.hostname.split('.').slice(1, 3), process).toEqual([COLLECTOR_NAMESPACE, 'svc']);
      expect(`TCP/${url.port}`, process).toBe(COLLECTOR.split(' ').at(-1));
      expect(allowed(objects, process, 'egress'), process).toContain(COLLECTOR);
    }
  });

  it('let the release servers connect nowhere', () => {
    for (const remote of ['mf-frame', 'mf-cart', 'mf-catalog-pages']) expect(allowed(objects, remote, 'egress'), remote).toEqual([]);
  });

  it('let Varnish reach the shells on the port its site.vcl names, and DNS, which resolves their Service’s name: nothing else', () => {
    expect(allowed(objects, 'varnish', 'egress')).toEqual([...DNS, 'pods app.kubernetes.io/name=shell TCP/3000'].sort());
    const backend = named(objects, 'ConfigMap', configMapOfVarnish(objects, 'site.vcl')).data['site.vcl'] as string;
    const port = /\.port = "(\d+)";/.exec(backend)?.[1];
    const service = named(objects, 'Service', /\.host = "([^"]+)";/.exec(backend)![1]!);
    // The Service's port leads to the shell's container port the policy lets through.
    expect(service.spec.ports.map((entry: { port: number }) => String(entry.port))).toContain(port);
    expect(mainContainer(objects, 'shell').ports.find((entry: { name: string }) => entry.name === service.spec.ports[0].targetPort).containerPort).toBe(Number(port));
  });

  it('let the shell and cart-service reach every Varnish pod EDGE_PURGE_URLS names, on the purge listener, and only them in on it', () => {
    for (const process of ['shell', 'cart-service']) {
      for (const url of valueOf(objects, mainContainer(objects, process), 'EDGE_PURGE_URLS')!.split(',')) {
        expect(`pods app.kubernetes.io/name=varnish TCP/${new URL(url).port}`, process).toBe(VARNISH_PURGE);
        expect(allowed(objects, process, 'egress'), process).toContain(VARNISH_PURGE);
      }
    }
    expect(allowed(objects, 'varnish', 'ingress')).toEqual([
      `${INGRESS_CONTROLLER} TCP/http`,
      'pods app.kubernetes.io/name=cart-service TCP/purge',
      'pods app.kubernetes.io/name=shell TCP/purge',
    ]);
    expect(mainContainer(objects, 'varnish').ports).toContainEqual({ name: 'purge', containerPort: Number(VARNISH_PURGE.split('/').at(-1)) });
  });

  it('let in the ingress controller to Varnish and the release servers, Varnish to the shell, the shell to cart-service, Prometheus to the metrics', () => {
    // Never the ingress controller straight to the shell: TRUST_PROXY counts Varnish's hop.
    expect(allowed(objects, 'shell', 'ingress')).toEqual([
      'namespace kubernetes.io/metadata.name=monitoring pods app.kubernetes.io/name=prometheus TCP/metrics',
      'pods app.kubernetes.io/name=varnish TCP/http',
    ]);
    expect(allowed(objects, 'cart-service', 'ingress')).toEqual(['pods app.kubernetes.io/name=shell TCP/http']);
    for (const remote of ['mf-frame', 'mf-cart', 'mf-catalog-pages']) expect(allowed(objects, remote, 'ingress'), remote).toEqual([`${INGRESS_CONTROLLER} TCP/http`]);
  });

  it('let PostgreSQL’s servers reach each other (replication, Patroni), the Kubernetes API, the S3 repository and DNS, and nothing else', () => {
    expect(allowed(objects, 'postgres', 'egress')).toEqual(
      [
        ...DNS,
        `${POSTGRES} TCP/5432`,
        `${POSTGRES} TCP/8008`,
        `${API_SERVER[name as 'base']} TCP/443`,
        `${API_SERVER[name as 'base']} TCP/6443`,
        `${S3[name as 'base']} TCP/443`,
      ].sort(),
    );
  });

  it('let into PostgreSQL’s servers PgBouncer and each other on 5432, each other on Patroni’s API, the backup jobs alone on pgBackRest’s server', () => {
    expect(allowed(objects, 'postgres', 'ingress')).toEqual(
      [`${PGBOUNCER} TCP/postgresql`, `${POSTGRES} TCP/postgresql`, `${POSTGRES} TCP/patroni`, `${BACKUP} TCP/pgbackrest`].sort(),
    );
    // The port names are the servers' 5432, 8008 and 8432, the numbers the peers' egress names.
    const ports = Object.fromEntries(
      containersOf(workload(objects, 'postgres')).flatMap((container) => container.ports.map((port: { name: string; containerPort: number }) => [port.name, port.containerPort])),
    );
    expect(ports).toEqual({ postgresql: 5432, patroni: 8008, pgbackrest: 8432 });
  });

  it('let PgBouncer in from cart-service only, and out to PostgreSQL’s servers and DNS only', () => {
    expect(allowed(objects, 'pgbouncer', 'ingress')).toEqual(['pods app.kubernetes.io/name=cart-service TCP/pgbouncer']);
    expect(allowed(objects, 'pgbouncer', 'egress')).toEqual([...DNS, `${POSTGRES} TCP/5432`].sort());
  });

  it('let the backup jobs reach only pgBackRest’s server on PostgreSQL’s pods, the S3 repository and DNS, and nothing reach them', () => {
    for (const cronJob of ['postgres-backup-full', 'postgres-backup-incr']) {
      expect(allowed(objects, cronJob, 'egress'), cronJob).toEqual([...DNS, `${POSTGRES} TCP/8432`, `${S3[name as 'base']} TCP/443`].sort());
      expect(allowed(objects, cronJob, 'ingress'), cronJob).toEqual([]);
    }
  });

  it('let the servers and the backup jobs reach the S3 endpoint pgBackRest is given, over HTTPS', () => {
    const endpoint = named(objects, 'ConfigMap', 'pgbackrest-repository').data.PGBACKREST_REPO1_S3_ENDPOINT as string;
    // A host name alone: pgBackRest then connects on 443 (repo1-s3-port's default), the port the policies allow.
    expect(endpoint).toMatch(/^[a-z0-9.-]+$/);
    const repository = named(objects, 'ConfigMap', 'pgbackrest').data['repository.conf'] as string;
    expect(repository).not.toMatch(/^repo1-s3-port=/m);
    for (const workloadName of ['postgres', 'postgres-backup-full']) expect(allowed(objects, workloadName, 'egress')).toContain(`${S3[name as 'base']} TCP/443`);
  });

  it('name ports the containers declare', () => {
    for (const deployment of deployables) {
      const declared = containersOf(deployment).flatMap((container) => (container.ports ?? []).map((port: { name: string }) => port.name));
      for (const line of allowed(objects, deployment.metadata.name, 'ingress')) {
        const port = line.split('/').at(-1)!;
        if (!/^\d+$/.test(port)) expect(declared, deployment.metadata.name).toContain(port);
      }
    }
  });
});
