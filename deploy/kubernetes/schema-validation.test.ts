import { describe, expect, it } from 'vitest';
import type { KubernetesObject } from './kustomize-subset';
import { schemaProblems, unknownFieldProblems } from './schema-validation';

/** A small valid Deployment, copied afresh for each test to break in one place. */
const deployment = (): KubernetesObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'example' },
  spec: {
    selector: { matchLabels: { app: 'example' } },
    template: {
      metadata: { labels: { app: 'example' } },
      spec: {
        containers: [
          {
            name: 'example',
            image: 'example:1.0.0',
            ports: [{ name: 'http', containerPort: 3000 }],
            readinessProbe: { httpGet: { path: '/readyz', port: 'http' } },
          },
        ],
      },
    },
  },
});

type Container = Record<string, unknown>;
const firstContainer = (object: KubernetesObject) =>
  (object as unknown as { spec: { template: { spec: { containers: Container[] } } } }).spec.template.spec.containers[0]!;

describe('the schema checks', () => {
  it('accept a valid object', async () => {
    expect(await schemaProblems(deployment())).toEqual([]);
    expect(unknownFieldProblems([deployment()])).toEqual([]);
  });

  it('refuse a misspelt field, naming where it is', () => {
    const broken = deployment();
    const container = firstContainer(broken);
    container.readinesProbe = container.readinessProbe;
    delete container.readinessProbe;
    const problems = unknownFieldProblems([broken]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^Deployment\/example: spec\.template\.spec\.containers\[0\]\.readinesProbe: .*'readinesProbe' does not exist/);
  });

  it('refuse an unknown field deep inside a known one, and on any kind', () => {
    const broken = deployment();
    (firstContainer(broken).readinessProbe as { httpGet: Record<string, unknown> }).httpGet.pth = '/readyz';
    const service: KubernetesObject = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'example' }, spec: { selectr: { app: 'example' } } };
    const problems = unknownFieldProblems([broken, service]);
    expect(problems).toEqual([
      expect.stringMatching(/^Deployment\/example: spec\.template\.spec\.containers\[0\]\.readinessProbe\.httpGet\.pth: /),
      expect.stringMatching(/^Service\/example: spec\.selectr: /),
    ]);
  });

  it('refuse a value of the wrong type and a missing required field', async () => {
    const broken = deployment();
    (firstContainer(broken).ports as Array<Record<string, unknown>>)[0]!.containerPort = '3000';
    delete (broken.spec as Record<string, unknown>).selector;
    const problems = await schemaProblems(broken);
    expect(problems).toContain('Deployment/example: /spec/template/spec/containers/0/ports/0/containerPort must be integer');
    expect(problems).toContain("Deployment/example: /spec must have required property selector");
  });

  it('refuse a ConfigMap value YAML 1.1 reads as a boolean (an unquoted on)', async () => {
    const configMap: KubernetesObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'example' }, data: { SERVER_RENDERING: true } };
    expect(await schemaProblems(configMap)).toEqual(['ConfigMap/example: /data/SERVER_RENDERING must be string']);
  });

  it('refuse a kind it has no schema for', async () => {
    const unknown: KubernetesObject = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'example' } };
    expect(await schemaProblems(unknown)).toEqual(['Widget/example: no schema for example.com/v1 Widget']);
  });
});
