import { DEFAULT_PORTS, PORT_VARIABLES, REMOTE_PACKAGES, SECRET_VARIABLES, SHOP_PROCESSES, type ShopProcess } from '@shop/contracts/ports';
import { originProblem } from '@shop/contracts/release-url';
import { parseRemotesConfigText } from '@shop/contracts/remotes-schema';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  configMapsOf,
  containersOf,
  environmentOf,
  mainContainer,
  named,
  ofKind,
  podOf,
  renderings,
  SHOP_VCL,
  shopVclExists,
  valueOf,
  workload,
  workloads,
  type Container,
} from './manifest-queries';

const rendered = renderings();

/** Where each server listens: the release servers share REMOTE_HOST. */
const HOST_VARIABLES: Partial<Record<ShopProcess, string>> = { shell: 'SHELL_HOST', 'cart-service': 'CART_SERVICE_HOST' };

/** The variables a container gets from Secrets, with the Secret and key of each. */
function secretsOf(objects: ReturnType<typeof renderings>['base'], container: Container) {
  return [...environmentOf(objects, container)].filter(([, source]) => 'secret' in source);
}

describe.each(Object.entries(rendered))('the %s rendering’s configuration', (_name, objects) => {
  it('gives every secret by Secret name and key, to the processes that read it and no other', () => {
    for (const process of SHOP_PROCESSES) {
      const container = mainContainer(objects, process);
      // envFrom a Secret would pour in every key it holds: each secret is named on its own instead.
      expect(container.envFrom?.filter((source: Record<string, unknown>) => !source.configMapRef) ?? [], process).toEqual([]);
      const own = Object.entries(SECRET_VARIABLES)
        .filter(([, readers]) => (readers as readonly ShopProcess[]).includes(process))
        .map(([variable]) => variable);
      const environment = environmentOf(objects, container);
      expect(secretsOf(objects, container).map(([variable]) => variable).sort(), process).toEqual(own.sort());
      for (const variable of Object.keys(SECRET_VARIABLES)) {
        if (!own.includes(variable)) expect(environment.has(variable), `${process} must not get ${variable}`).toBe(false);
      }
      for (const [variable, source] of environment) {
        expect('other' in source, `${process} ${variable}: a literal, a ConfigMap's value or a secretKeyRef`).toBe(false);
      }
    }
  });

  it('reads one operators’ token for the shell and cart-service, from the same Secret key', () => {
    const [shell, cartService] = ['shell', 'cart-service'].map((process) => environmentOf(objects, mainContainer(objects, process)).get('ADMIN_TOKEN'));
    expect(shell).toEqual(cartService);
  });

  it('makes the tracing collector’s credentials optional, as tracing is, the same Secret keys for the shell and cart-service, and every other secret required', () => {
    for (const process of SHOP_PROCESSES) {
      for (const [variable, source] of secretsOf(objects, mainContainer(objects, process))) {
        const { optional } = (source as { secret: { optional?: boolean } }).secret;
        expect(optional === true, `${process} ${variable}`).toBe(variable.startsWith('OTEL_'));
      }
    }
    for (const variable of ['OTEL_EXPORTER_OTLP_HEADERS', 'OTEL_EXPORTER_OTLP_TRACES_HEADERS']) {
      const [shell, cartService] = ['shell', 'cart-service'].map((process) => environmentOf(objects, mainContainer(objects, process)).get(variable));
      expect(shell, variable).toEqual(cartService);
    }
  });

  it('gives OpenTelemetry’s settings to the shell and cart-service alone, the same collector to both', () => {
    // The plain values (the credentials, from a Secret, are the test above's).
    const otel = (process: string): Record<string, string | undefined> => {
      const container = mainContainer(objects, process);
      const names = [...environmentOf(objects, container).keys()].filter((variable) => variable.startsWith('OTEL_'));
      return Object.fromEntries(names.map((variable) => [variable, valueOf(objects, container, variable)]).filter(([, value]) => value !== undefined));
    };
    for (const remote of ['mf-frame', 'mf-cart', 'mf-catalog-pages']) {
      expect([...environmentOf(objects, mainContainer(objects, remote)).keys()].filter((variable) => variable.startsWith('OTEL_')), remote).toEqual([]);
    }
    expect(otel('shell')).toEqual(otel('cart-service'));
    expect(otel('shell').OTEL_EXPORTER_OTLP_PROTOCOL).toMatch(/^http\/(protobuf|json)$/);
  });

  it('keeps secrets out of ConfigMaps', () => {
    for (const configMap of ofKind(objects, 'ConfigMap')) {
      for (const variable of Object.keys(SECRET_VARIABLES)) expect(Object.keys(configMap.data ?? {}), configMap.metadata.name).not.toContain(variable);
      expect(JSON.stringify(configMap.data), configMap.metadata.name).not.toMatch(/(redis|postgres(ql)?):\/\/[^/\s"]*:[^@\s"]*@/);
    }
  });

  it('names only ConfigMaps that it holds', () => {
    for (const deployment of workloads(objects)) {
      for (const container of containersOf(deployment)) {
        for (const source of container.envFrom ?? []) expect(() => named(objects, 'ConfigMap', source.configMapRef.name)).not.toThrow();
      }
      for (const volume of podOf(deployment).volumes ?? []) {
        for (const name of configMapsOf(volume)) expect(() => named(objects, 'ConfigMap', name)).not.toThrow();
      }
    }
  });

  it('listens on every interface, on the shop’s port for each process, where its Service sends', () => {
    for (const process of SHOP_PROCESSES) {
      const container = mainContainer(objects, process);
      const port = DEFAULT_PORTS[process];
      expect(container.ports.find((entry: { name: string }) => entry.name === 'http').containerPort, process).toBe(port);
      expect(valueOf(objects, container, PORT_VARIABLES[process]), process).toBe(String(port));
      const hostVariable = HOST_VARIABLES[process] ?? 'REMOTE_HOST';
      expect(valueOf(objects, container, hostVariable), process).toBe('0.0.0.0');
      expect(named(objects, 'Service', process).spec.ports, process).toEqual([{ name: 'http', port, targetPort: 'http' }]);
    }
  });

  it('trusts the two proxies in front of the shell, the ingress controller and Varnish, to name the shopper', () => {
    expect(valueOf(objects, mainContainer(objects, 'shell'), 'TRUST_PROXY')).toBe('2');
  });

  it('gives the shell and cart-service, and no other process, one purge URL per Varnish pod, by its name in the headless Service', () => {
    const statefulSet = workload(objects, 'varnish');
    const service = named(objects, 'Service', statefulSet.spec.serviceName);
    // Headless: varnish-<n>.<service> resolves to pod n; not-ready pods too, which keep a cache to purge.
    expect(service.spec.clusterIP).toBe('None');
    expect(service.spec.publishNotReadyAddresses).toBe(true);
    expect(service.spec.selector).toEqual({ 'app.kubernetes.io/name': 'varnish' });
    const purgePort = service.spec.ports.find((port: { name: string }) => port.name === 'purge').port;
    expect(mainContainer(objects, 'varnish').ports.find((port: { name: string }) => port.name === 'purge').containerPort).toBe(purgePort);
    const expected = Array.from({ length: statefulSet.spec.replicas }, (_, index) => `http://${statefulSet.metadata.name}-${index}.${service.metadata.name}:${purgePort}/`);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    for (const process of ['shell', 'cart-service']) {
      expect(valueOf(objects, mainContainer(objects, process), 'EDGE_PURGE_URLS')?.split(','), process).toEqual(expected);
    }
    for (const remote of ['mf-frame', 'mf-cart', 'mf-catalog-pages']) {
      expect(environmentOf(objects, mainContainer(objects, remote)).has('EDGE_PURGE_URLS'), remote).toBe(false);
    }
  });

  it('has Varnish ask the shell’s Service, on its port, for what it does not keep (Kubernetes’ site.vcl)', () => {
    const volume = workload(objects, 'varnish').spec.template.spec.volumes.find((volume: { name: string }) => volume.name === 'vcl');
    const backends = configMapsOf(volume).map((name) => named(objects, 'ConfigMap', name).data['site.vcl']).filter(Boolean);
    expect(backends).toHaveLength(1);
    const backend = /backend shells \{([^]*?)\n\}/.exec(backends[0])?.[1] ?? '';
    expect(/\.host = "([^"]+)";/.exec(backend)?.[1]).toBe('shell');
    expect(Number(/\.port = "(\d+)";/.exec(backend)?.[1])).toBe(named(objects, 'Service', 'shell').spec.ports[0].port);
    expect(/\.url = "([^"]+)";/.exec(backend)?.[1]).toBe('/healthz');
  });

  it('points the shell at cart-service’s Service', () => {
    const url = new URL(valueOf(objects, mainContainer(objects, 'shell'), 'CART_SERVICE_URL')!);
    expect(url.hostname).toBe('cart-service');
    expect(Number(url.port)).toBe(named(objects, 'Service', 'cart-service').spec.ports[0].port);
  });

  it('seeds the shell with a remotes.json the shell accepts, each release on its release server’s host', () => {
    const config = parseRemotesConfigText(named(objects, 'ConfigMap', 'shell-remotes').data['remotes.json']);
    const rules = named(objects, 'Ingress', 'maison-argane').spec.rules;
    for (const remote of config.remotes) {
      const rule = rules.find((rule: { host: string }) => rule.host === new URL(remote.entry).hostname);
      expect(rule?.http.paths[0].backend.service.name, remote.name).toBe(REMOTE_PACKAGES[remote.name]);
      expect(new URL(remote.entry).protocol, remote.name).toBe('https:');
    }
  });

  it('serves the shop’s public origin, as PUBLIC_URL and SHOP_ORIGIN name it, from the shell through Varnish, over TLS for every host', () => {
    const shell = mainContainer(objects, 'shell');
    const publicUrl = valueOf(objects, shell, 'PUBLIC_URL')!;
    expect(originProblem(publicUrl)).toBeNull();
    for (const process of SHOP_PROCESSES) expect(valueOf(objects, mainContainer(objects, process), 'SHOP_ORIGIN'), process).toBe(publicUrl);
    const ingress = named(objects, 'Ingress', 'maison-argane');
    const shopRule = ingress.spec.rules.find((rule: { host: string }) => `https://${rule.host}` === publicUrl);
    // Every path of the shop's host: what Varnish does not keep it passes on, and the shell's TRUST_PROXY counts its hop.
    expect(shopRule?.http.paths).toEqual([{ path: '/', pathType: 'Prefix', backend: { service: { name: 'varnish-public', port: { name: 'http' } } } }]);
    // varnish-public: Varnish's ready pods (not the headless Service, which publishes the pods that are not), its page port.
    const front = named(objects, 'Service', 'varnish-public');
    expect(front.spec.selector).toEqual({ 'app.kubernetes.io/name': 'varnish' });
    expect(front.spec.clusterIP).toBeUndefined();
    expect(front.spec.publishNotReadyAddresses ?? false).toBe(false);
    expect(front.spec.ports).toEqual([{ name: 'http', port: 6081, targetPort: 'http' }]);
    const tlsHosts = ingress.spec.tls.flatMap((entry: { hosts: string[]; secretName: string }) => entry.hosts);
    expect(tlsHosts.sort()).toEqual(ingress.spec.rules.map((rule: { host: string }) => rule.host).sort());
  });

  it('allows every origin the shell is to load releases from, the release store’s included (release control refuses to start otherwise)', () => {
    const shell = mainContainer(objects, 'shell');
    const allowed = valueOf(objects, shell, 'ALLOWED_RELEASE_ORIGINS');
    const store = valueOf(objects, shell, 'RELEASES_PUBLIC_URL');
    // Unset, the shell allows the origins remotes.json names at start, and a store needs its origin listed.
    if (allowed === undefined) return expect(store).toBeUndefined();
    const origins = allowed.split(',');
    for (const origin of origins) expect(originProblem(origin), origin).toBeNull();
    const config = parseRemotesConfigText(named(objects, 'ConfigMap', 'shell-remotes').data['remotes.json']);
    for (const remote of config.remotes) expect(origins, remote.name).toContain(new URL(remote.entry).origin);
    if (store) expect(origins).toContain(new URL(store).origin);
  });
});

describe('the shop’s VCL (deploy/varnish/shop.vcl), once it is written', () => {
  it.skipIf(!shopVclExists())('includes the site.vcl each way of running the shop brings, before its own vcl_recv, and answers the probes', () => {
    const vcl = readFileSync(SHOP_VCL, 'utf8');
    const include = vcl.search(/^include "site\.vcl";/m);
    expect(include).toBeGreaterThanOrEqual(0);
    // Kubernetes' site.vcl keeps each request to its listener in a vcl_recv of its own, which must run first.
    const recv = vcl.search(/^sub vcl_recv\b/m);
    if (recv >= 0) expect(include).toBeLessThan(recv);
    // The backend and the purgers are the site's.
    expect(vcl).not.toMatch(/^\s*(backend|acl)\s/m);
    expect(vcl).toMatch(/client\.ip !~ purgers/);
    // The path of Varnish's probes (varnish.yaml), answered without asking the shells.
    const probe = mainContainer(rendered.base, 'varnish').readinessProbe.httpGet.path;
    expect(vcl).toContain(`if (req.url == "${probe}") {\n        return (synth(200`);
  });
});

describe('the base’s configuration', () => {
  it('leaves tracing off: no collector named', () => {
    for (const process of ['shell', 'cart-service']) {
      const container = mainContainer(rendered.base, process);
      expect(valueOf(rendered.base, container, 'OTEL_EXPORTER_OTLP_ENDPOINT'), process).toBeUndefined();
      expect(valueOf(rendered.base, container, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'), process).toBeUndefined();
    }
  });
});

describe('the production overlay’s configuration', () => {
  it('sends traces to an OpenTelemetry Collector over OTLP/HTTP, as production’s', () => {
    const objects = rendered.production;
    for (const process of ['shell', 'cart-service']) {
      const container = mainContainer(objects, process);
      const endpoint = new URL(valueOf(objects, container, 'OTEL_EXPORTER_OTLP_ENDPOINT')!);
      expect(endpoint.protocol, process).toMatch(/^https?:$/);
      expect(endpoint.port, process).toBe('4318');
      expect(valueOf(objects, container, 'OTEL_RESOURCE_ATTRIBUTES')?.split(','), process).toContain('deployment.environment.name=production');
    }
  });

  it('names a release store and lists its origin among the allowed ones', () => {
    const objects = rendered.production;
    const shell = mainContainer(objects, 'shell');
    expect(valueOf(objects, shell, 'RELEASES_PUBLIC_URL')).toMatch(/^https:\/\//);
    expect(valueOf(objects, shell, 'ALLOWED_RELEASE_ORIGINS')).toBeDefined();
  });
});
