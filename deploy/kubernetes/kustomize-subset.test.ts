import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { imageName, renderKustomization } from './kustomize-subset';
import type { Pod } from './manifest-queries';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder holding `files` (relative path → text). */
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'kustomize-subset-'));
  made.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
  template:
    spec:
      initContainers:
        - name: setup
          image: example/web:1.0
      containers:
        - name: web
          image: example/web:1.0
        - name: other
          image: example/other
---
apiVersion: v1
kind: Namespace
metadata:
  name: shop
`;

const base = { 'base/kustomization.yaml': 'resources:\n  - web.yaml\n', 'base/web.yaml': DEPLOYMENT };

describe('the kustomize subset', () => {
  it('renders a base and an overlay: patches, namespace, replicas and images', () => {
    const dir = folder({
      ...base,
      'overlay/kustomization.yaml': `namespace: shop
resources:
  - ../base
patches:
  - target: { kind: Deployment, name: web }
    patch: |
      - op: add
        path: /metadata/labels
        value: { tier: front }
replicas:
  - name: web
    count: 3
images:
  - name: example/web
    newName: registry.example.ma/web
    newTag: "2.0"
  - name: example/other
    digest: sha256:0123
`,
    });
    const [deployment, namespace] = renderKustomization(join(dir, 'overlay')) as Pod[];
    expect(deployment!.metadata).toEqual({ name: 'web', namespace: 'shop', labels: { tier: 'front' } });
    expect(deployment!.spec.replicas).toBe(3);
    expect(deployment!.spec.template.spec.initContainers[0].image).toBe('registry.example.ma/web:2.0');
    expect(deployment!.spec.template.spec.containers.map((container: { image: string }) => container.image)).toEqual([
      'registry.example.ma/web:2.0',
      'example/other@sha256:0123',
    ]);
    // A Namespace is cluster-scoped: it is not put in one.
    expect(namespace!.metadata).toEqual({ name: 'shop' });
  });

  it('fails a patch whose test operation does not hold, naming the patch and the object', () => {
    const dir = folder({
      ...base,
      'overlay/kustomization.yaml': 'resources: [../base]\npatches:\n  - path: p.yaml\n    target: { kind: Deployment, name: web }\n',
      'overlay/p.yaml': '- op: test\n  path: /spec/replicas\n  value: 2\n- op: replace\n  path: /spec/replicas\n  value: 5\n',
    });
    expect(() => renderKustomization(join(dir, 'overlay'))).toThrow(/patches\[0\] on Deployment\/\/web: Test operation failed/);
  });

  it('fails a patch on a path that does not exist, and one whose target is missing', () => {
    const replaceMissing = folder({
      ...base,
      'overlay/kustomization.yaml': 'resources: [../base]\npatches:\n  - target: { kind: Deployment, name: web }\n    patch: "[{op: replace, path: /spec/paused, value: true}]"\n',
    });
    expect(() => renderKustomization(join(replaceMissing, 'overlay'))).toThrow(/patches\[0\] on Deployment\/\/web/);
    const noTarget = folder({
      ...base,
      'overlay/kustomization.yaml': 'resources: [../base]\npatches:\n  - target: { kind: Deployment, name: api }\n    patch: "[]"\n',
    });
    expect(() => renderKustomization(join(noTarget, 'overlay'))).toThrow('no Deployment named api');
  });

  it('refuses what it does not implement rather than ignoring it', () => {
    const labels = folder({ ...base, 'overlay/kustomization.yaml': 'resources: [../base]\ncommonLabels:\n  team: web\n' });
    expect(() => renderKustomization(join(labels, 'overlay'))).toThrow('does not support commonLabels');
    const strategicMerge = folder({
      ...base,
      'overlay/kustomization.yaml': 'resources: [../base]\npatches:\n  - target: { kind: Deployment, name: web }\n    patch: "spec: {replicas: 2}"\n',
    });
    expect(() => renderKustomization(join(strategicMerge, 'overlay'))).toThrow('only JSON 6902 patches');
  });

  it('refuses an object defined twice and replicas for a Deployment that is not there', () => {
    const twice = folder({ 'kustomization.yaml': 'resources: [a.yaml, b.yaml]\n', 'a.yaml': DEPLOYMENT, 'b.yaml': DEPLOYMENT });
    expect(() => renderKustomization(twice)).toThrow('Deployment//web is defined twice');
    const replicas = folder({ ...base, 'overlay/kustomization.yaml': 'resources: [../base]\nreplicas:\n  - name: api\n    count: 2\n' });
    expect(() => renderKustomization(join(replicas, 'overlay'))).toThrow('replicas names api');
  });

  it('reads YAML as Kubernetes does (1.1): an unquoted on is a boolean', () => {
    const dir = folder({
      'kustomization.yaml': 'resources: [config.yaml]\n',
      'config.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  A: on\n  B: "on"\n',
    });
    expect(renderKustomization(dir)[0]!.data).toEqual({ A: true, B: 'on' });
  });

  it('names an image without its tag or digest, registry port included', () => {
    expect(imageName('registry:5000/shop/web:1.0')).toBe('registry:5000/shop/web');
    expect(imageName('registry:5000/shop/web@sha256:ab')).toBe('registry:5000/shop/web');
    expect(imageName('shop/web')).toBe('shop/web');
  });
});
