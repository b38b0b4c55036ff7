import { DEFAULT_PORTS, PORT_VARIABLES, REMOTE_PACKAGES, SECRET_VARIABLES, SHOP_PROCESSES, type ShopProcess } from '@shop/contracts/ports';
import { originProblem } from '@shop/contracts/release-url';
import { parseRemotesConfigText } from '@shop/contracts/remotes-schema';
import { describe, expect, it } from 'vitest';
import { environmentOf, mainContainer, named, ofKind, renderings, valueOf, type Container } from './manifest-queries';

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
    for (const deployment of ofKind(objects, 'Deployment')) {
      const container = mainContainer(objects, deployment.metadata.name);
      for (const source of container.envFrom ?? []) expect(() => named(objects, 'ConfigMap', source.configMapRef.name)).not.toThrow();
      for (const volume of deployment.spec.template.spec.volumes ?? []) {
        if (volume.configMap) expect(() => named(objects, 'ConfigMap', volume.configMap.name)).not.toThrow();
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

  it('serves the shop’s public origin, as PUBLIC_URL and SHOP_ORIGIN name it, from the shell, over TLS for every host', () => {
    const shell = mainContainer(objects, 'shell');
    const publicUrl = valueOf(objects, shell, 'PUBLIC_URL')!;
    expect(originProblem(publicUrl)).toBeNull();
    for (const process of SHOP_PROCESSES) expect(valueOf(objects, mainContainer(objects, process), 'SHOP_ORIGIN'), process).toBe(publicUrl);
    const ingress = named(objects, 'Ingress', 'maison-argane');
    const shopRule = ingress.spec.rules.find((rule: { host: string }) => `https://${rule.host}` === publicUrl);
    expect(shopRule?.http.paths).toEqual([{ path: '/', pathType: 'Prefix', backend: { service: { name: 'shell', port: { name: 'http' } } } }]);
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
