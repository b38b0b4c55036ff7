import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configMapHash, imageName, renderKustomization } from './kustomize-subset';
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

  it('generates ConfigMaps from files, named with kustomize’s hash, and renames the references to them, from an including kustomization too', () => {
    const dir = folder({
      'vcl/kustomization.yaml': 'configMapGenerator:\n  - name: varnish-vcl\n    files: [shop.vcl]\n    options:\n      labels: { app: cache }\n',
      'vcl/shop.vcl': 'vcl 4.1;\n',
      'base/kustomization.yaml': 'resources: [../vcl, cache.yaml]\nconfigMapGenerator:\n  - name: other\n    files: [main.vcl=files/x.vcl]\n',
      'base/files/x.vcl': 'if (a < b && c > d) {}\n',
      'base/cache.yaml': `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: cache
spec:
  replicas: 1
  template:
    spec:
      containers:
        - name: cache
          image: cache:1
          envFrom:
            - configMapRef: { name: other }
          env:
            - name: A
              valueFrom:
                configMapKeyRef: { name: varnish-vcl, key: shop.vcl }
      volumes:
        - name: plain
          configMap: { name: other }
        - name: both
          projected:
            sources:
              - configMap: { name: varnish-vcl }
              - configMap: { name: not-generated }
`,
      'overlay/kustomization.yaml': 'namespace: shop\nresources: [../base]\nreplicas:\n  - name: cache\n    count: 2\n',
    });
    const objects = renderKustomization(join(dir, 'overlay')) as Pod[];
    const configMaps = objects.filter((object) => object.kind === 'ConfigMap');
    // The names `kubectl kustomize` (v5.5.0) gives the same files.
    expect(configMaps.map((configMap) => configMap.metadata)).toEqual([
      { name: 'varnish-vcl-9m6d4hg5f5', namespace: 'shop', labels: { app: 'cache' } },
      { name: 'other-4k9h795d5k', namespace: 'shop' },
    ]);
    expect(configMaps.map((configMap) => configMap.data)).toEqual([{ 'shop.vcl': 'vcl 4.1;\n' }, { 'main.vcl': 'if (a < b && c > d) {}\n' }]);
    const cache = objects.find((object) => object.kind === 'StatefulSet')!;
    expect(cache.spec.replicas).toBe(2);
    const pod = cache.spec.template.spec;
    expect(pod.containers[0].envFrom[0].configMapRef.name).toBe('other-4k9h795d5k');
    expect(pod.containers[0].env[0].valueFrom.configMapKeyRef.name).toBe('varnish-vcl-9m6d4hg5f5');
    expect(pod.volumes[0].configMap.name).toBe('other-4k9h795d5k');
    expect(pod.volumes[1].projected.sources.map((source: Pod) => source.configMap.name)).toEqual(['varnish-vcl-9m6d4hg5f5', 'not-generated']);
  });

  it('hashes a ConfigMap’s data as kustomize does: Go’s JSON (<, > and & escaped), its keys sorted, the name left out', () => {
    expect(configMapHash({ 'shop.vcl': 'vcl 4.1;\n' })).toBe('9m6d4hg5f5');
    expect(configMapHash({ 'main.vcl': 'if (a < b && c > d) {}\n' })).toBe('4k9h795d5k');
    expect(configMapHash({ b: '2', a: '1' })).toBe(configMapHash({ a: '1', b: '2' }));
  });

  it('refuses a generator’s file outside the kustomization’s folder, as kustomize’s default load restriction does', () => {
    const dir = folder({ 'shop.vcl': 'vcl 4.1;\n', 'base/kustomization.yaml': 'configMapGenerator:\n  - name: vcl\n    files: [../shop.vcl]\n' });
    expect(() => renderKustomization(join(dir, 'base'))).toThrow(/security; file '.*shop\.vcl' is not in or below/);
    const literals = folder({ 'kustomization.yaml': 'configMapGenerator:\n  - name: env\n    literals: [A=1]\n' });
    expect(() => renderKustomization(literals)).toThrow('does not support literals');
  });

  it('reads a stand-in for a generator’s file that does not exist yet, and the file once it does', () => {
    const dir = folder({ 'kustomization.yaml': 'configMapGenerator:\n  - name: vcl\n    files: [shop.vcl]\n' });
    const standIns = new Map([[join(dir, 'shop.vcl'), 'vcl 4.1;\n']]);
    expect(() => renderKustomization(dir)).toThrow(/ENOENT/);
    expect(renderKustomization(dir, { standIns })[0]!.metadata.name).toBe('vcl-9m6d4hg5f5');
    writeFileSync(join(dir, 'shop.vcl'), 'vcl 4.1;\ninclude "site.vcl";\n');
    expect((renderKustomization(dir, { standIns })[0] as Pod).data['shop.vcl']).toContain('include');
  });

  it('names an image without its tag or digest, registry port included', () => {
    expect(imageName('registry:5000/shop/web:1.0')).toBe('registry:5000/shop/web');
    expect(imageName('registry:5000/shop/web@sha256:ab')).toBe('registry:5000/shop/web');
    expect(imageName('shop/web')).toBe('shop/web');
  });
});
