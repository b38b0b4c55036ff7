/**
 * Renders a kustomization the way `kustomize build` does, for the part of kustomize these manifests use, so that the
 * tests need no kustomize or kubectl binary. Anything outside that part is refused rather than ignored, so a manifest
 * that starts using another kustomize feature fails here until this renderer is brought along (and compared with
 * kustomize again: compare-with-kustomize.ts).
 *
 * Supported fields of a Kustomization:
 * - `resources`: YAML files (several documents each) and folders holding a kustomization.yaml, rendered first;
 * - `configMapGenerator`: `{ name, files, options?: { labels } }`, each file `path` or `key=path`, inside the
 *   kustomization's own folder (kustomize's default load restriction, which `kubectl apply -k` keeps): a ConfigMap
 *   named `<name>-<hash of its data>`, as kustomize hashes it, and every reference to `<name>` from a pod template of
 *   this kustomization or of one that includes it (volumes, projected volumes, envFrom, env) renamed to match;
 * - `patches`: RFC 6902 JSON patches (a list of operations, in `path` or inline `patch`) with a `target` naming the
 *   object by kind and name (optionally group and version), applied with fast-json-patch, `test` operations included;
 * - `namespace`: set on every namespaced object;
 * - `replicas`: `{ name, count }` for Deployments and StatefulSets;
 * - `images`: `{ name, newName?, newTag?, digest? }` on every container and init container.
 * kustomize applies them in that order (generators, patches, namespace, replicas, images, then the references to
 * generated names), whatever their order in the file.
 *
 * YAML is read as YAML 1.1, as the Kubernetes API machinery reads it: an unquoted `on` or `yes` is a boolean there, and
 * the schemas then refuse it where a string is wanted (a ConfigMap's value, an environment variable's).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative as relativePath, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastJsonPatch, { type Operation } from 'fast-json-patch';
import { parseAllDocuments } from 'yaml';

export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [key: string]: unknown };
  [key: string]: unknown;
}

interface PatchTarget {
  kind: string;
  name: string;
  group?: string;
  version?: string;
}

interface ConfigMapGenerator {
  name: string;
  files?: string[];
  options?: { labels?: Record<string, string> };
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  resources?: string[];
  configMapGenerator?: ConfigMapGenerator[];
  patches?: Array<{ path?: string; patch?: string; target: PatchTarget }>;
  namespace?: string;
  replicas?: Array<{ name: string; count: number }>;
  images?: Array<{ name: string; newName?: string; newTag?: string; digest?: string }>;
}

const SUPPORTED_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'configMapGenerator', 'patches', 'namespace', 'replicas', 'images']);
const SUPPORTED_GENERATOR_FIELDS = new Set(['name', 'files', 'options']);
const SUPPORTED_GENERATOR_OPTIONS = new Set(['labels']);

/** The kinds kustomize's `replicas` sets. */
const SCALABLE = new Set(['Deployment', 'StatefulSet']);

export interface RenderOptions {
  /**
   * Texts for files a kustomization reads that do not exist (yet), by absolute path: a file another change brings,
   * stood in for by the tests. A file that exists is always read from disk.
   */
  standIns?: ReadonlyMap<string, string>;
}

/** A rendering, with the generated ConfigMaps' names (`name` → `name-<hash>`) for the kustomizations that include it. */
interface Rendered {
  objects: KubernetesObject[];
  generatedNames: Map<string, string>;
}

/** Kinds that live outside any namespace (those these manifests could hold); every other kind gets `namespace`. */
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'PersistentVolume', 'StorageClass', 'IngressClass', 'PriorityClass']);

/** Every document of a YAML text, read as Kubernetes reads it (YAML 1.1); empty documents are left out. */
export function readYamlDocuments(text: string, source: string): unknown[] {
  return parseAllDocuments(text, { version: '1.1' }).flatMap((document) => {
    if (document.errors.length > 0) throw new Error(`${source}: ${document.errors.map((error) => error.message).join('; ')}`);
    const value: unknown = document.toJS();
    return value === null || value === undefined ? [] : [value];
  });
}

const idOf = (object: KubernetesObject) => `${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;

function asObject(value: unknown, source: string): KubernetesObject {
  const object = value as Partial<KubernetesObject> | null;
  if (!object || typeof object !== 'object' || typeof object.kind !== 'string' || typeof object.apiVersion !== 'string' || typeof object.metadata?.name !== 'string') {
    throw new Error(`${source}: every document must have apiVersion, kind and metadata.name`);
  }
  return object as KubernetesObject;
}

function readKustomization(dir: string): Kustomization {
  const file = join(dir, 'kustomization.yaml');
  const [value] = readYamlDocuments(readFileSync(file, 'utf8'), file);
  const kustomization = (value ?? {}) as Kustomization;
  const unsupported = Object.keys(kustomization).filter((field) => !SUPPORTED_FIELDS.has(field));
  if (unsupported.length > 0) throw new Error(`${file}: this renderer does not support ${unsupported.join(', ')}`);
  if (kustomization.kind !== undefined && kustomization.kind !== 'Kustomization') throw new Error(`${file}: kind must be Kustomization`);
  return kustomization;
}

function loadResources(dir: string, entries: string[], options: RenderOptions): Rendered {
  const generatedNames = new Map<string, string>();
  const objects = entries.flatMap((entry) => {
    const path = resolve(dir, entry);
    if (statSync(path).isDirectory()) {
      const rendered = render(path, options);
      for (const [name, generated] of rendered.generatedNames) generatedNames.set(name, generated);
      return rendered.objects;
    }
    return readYamlDocuments(readFileSync(path, 'utf8'), path).map((document) => asObject(document, path));
  });
  return { objects, generatedNames };
}

/**
 * Go's encoding/json, which kustomize hashes with, escapes <, > and & (HTML-safe) and the two JavaScript line
 * separators; JSON.stringify does not. Both sort nothing: the caller orders the keys as Go orders a map's.
 */
const goJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * kustomize's name suffix for a generated ConfigMap (api/hasher): the SHA-256 of `{"data":…,"kind":"ConfigMap","name":""}`
 * in Go's JSON, keys sorted, its first ten hex digits with 0, 1, 3, a and e spelt g, h, k, m and t (so the suffix
 * never reads as a word or a number). The name is empty: kustomize v5 looks it up as the single field
 * `metadata/name`, finds nothing, and hashes the data alone. Checked against `kubectl kustomize` (v5.5.0).
 */
export function configMapHash(data: Record<string, string>): string {
  const sorted = Object.fromEntries(Object.keys(data).sort().map((key) => [key, data[key]]));
  const hex = createHash('sha256').update(goJson({ data: sorted, kind: 'ConfigMap', name: '' })).digest('hex');
  return hex.slice(0, 10).replace(/[013ae]/g, (digit) => ({ 0: 'g', 1: 'h', 3: 'k', a: 'm', e: 't' })[digit as '0']);
}

function generateConfigMaps(dir: string, generators: ConfigMapGenerator[], options: RenderOptions): Rendered {
  const generatedNames = new Map<string, string>();
  const objects = generators.map((generator, index) => {
    const where = `${join(dir, 'kustomization.yaml')}: configMapGenerator[${index}]`;
    const unsupported = [
      ...Object.keys(generator).filter((field) => !SUPPORTED_GENERATOR_FIELDS.has(field)),
      ...Object.keys(generator.options ?? {}).filter((field) => !SUPPORTED_GENERATOR_OPTIONS.has(field)).map((field) => `options.${field}`),
    ];
    if (unsupported.length > 0) throw new Error(`${where}: this renderer does not support ${unsupported.join(', ')}`);
    if (!generator.name || !generator.files?.length) throw new Error(`${where}: a name and files are required`);
    const data: Record<string, string> = {};
    for (const entry of generator.files) {
      const [key, file] = entry.includes('=') ? [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)] : [basename(entry), entry];
      const path = resolve(dir, file);
      // kustomize's default (LoadRestrictionsRootOnly): no file outside the kustomization's folder.
      if (relativePath(dir, path).startsWith('..')) throw new Error(`${where}: security; file '${path}' is not in or below '${dir}'`);
      if (key in data) throw new Error(`${where}: key ${key} is given twice`);
      const standIn = options.standIns?.get(path);
      data[key] = standIn !== undefined && !existsSync(path) ? standIn : readFileSync(path, 'utf8');
    }
    const name = `${generator.name}-${configMapHash(data)}`;
    generatedNames.set(generator.name, name);
    const labels = generator.options?.labels;
    return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...(labels ? { labels: { ...labels } } : {}) }, data } as KubernetesObject;
  });
  return { objects, generatedNames };
}

/** Points a pod template's references to generated ConfigMaps at their hashed names, as kustomize's nameReference does. */
function renameReferences(value: unknown, generatedNames: Map<string, string>): void {
  if (generatedNames.size === 0 || !value || typeof value !== 'object') return;
  if (Array.isArray(value)) return value.forEach((item) => renameReferences(item, generatedNames));
  const record = value as Record<string, unknown>;
  for (const key of ['configMap', 'configMapRef', 'configMapKeyRef']) {
    const reference = record[key] as { name?: string } | undefined;
    if (reference && typeof reference.name === 'string' && generatedNames.has(reference.name)) reference.name = generatedNames.get(reference.name);
  }
  for (const child of Object.values(record)) renameReferences(child, generatedNames);
}

const groupOf = (apiVersion: string) => (apiVersion.includes('/') ? apiVersion.split('/')[0] : '');
const versionOf = (apiVersion: string) => apiVersion.split('/').at(-1);

function matches(object: KubernetesObject, target: PatchTarget): boolean {
  return (
    object.kind === target.kind &&
    object.metadata.name === target.name &&
    (target.group === undefined || groupOf(object.apiVersion) === target.group) &&
    (target.version === undefined || versionOf(object.apiVersion) === target.version)
  );
}

function applyPatches(dir: string, objects: KubernetesObject[], patches: NonNullable<Kustomization['patches']>): KubernetesObject[] {
  for (const [index, patch] of patches.entries()) {
    const where = `${join(dir, 'kustomization.yaml')}: patches[${index}]`;
    if (!patch.target?.kind || !patch.target.name) throw new Error(`${where}: a target with kind and name is required`);
    if ((patch.path === undefined) === (patch.patch === undefined)) throw new Error(`${where}: give either path or patch`);
    const text = patch.path !== undefined ? readFileSync(resolve(dir, patch.path), 'utf8') : patch.patch!;
    const [operations] = readYamlDocuments(text, patch.path ?? where);
    // A strategic-merge patch is an object; only JSON patches (a list of operations) are supported.
    if (!Array.isArray(operations)) throw new Error(`${where}: only JSON 6902 patches (a list of operations) are supported`);
    const targets = objects.filter((object) => matches(object, patch.target));
    if (targets.length === 0) throw new Error(`${where}: no ${patch.target.kind} named ${patch.target.name}`);
    for (const target of targets) {
      try {
        const result = fastJsonPatch.applyPatch(target, operations as Operation[], true, false);
        objects[objects.indexOf(target)] = result.newDocument;
      } catch (error) {
        throw new Error(`${where} on ${idOf(target)}: ${(error as Error).message.split('\n')[0]}`, { cause: error });
      }
    }
  }
  return objects;
}

/** The image's name without its tag or digest (`registry:5000/a/b:1.0` → `registry:5000/a/b`). */
export function imageName(image: string): string {
  const withoutDigest = image.split('@')[0]!;
  const lastSlash = withoutDigest.lastIndexOf('/');
  const lastColon = withoutDigest.lastIndexOf(':');
  return lastColon > lastSlash ? withoutDigest.slice(0, lastColon) : withoutDigest;
}

function imageTag(image: string): string | undefined {
  const withoutDigest = image.split('@')[0]!;
  return withoutDigest.length > imageName(image).length ? withoutDigest.slice(imageName(image).length + 1) : undefined;
}

/** Every container and init container of every pod template in `value`, wherever it is nested. */
export function containersIn(value: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(value)) return value.flatMap(containersIn);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) =>
    (key === 'containers' || key === 'initContainers') && Array.isArray(child) ? (child as Array<Record<string, unknown>>) : containersIn(child),
  );
}

function setImages(objects: KubernetesObject[], images: NonNullable<Kustomization['images']>): void {
  for (const container of objects.flatMap(containersIn)) {
    if (typeof container.image !== 'string') continue;
    const rule = images.find((image) => image.name === imageName(container.image as string));
    if (!rule) continue;
    const current = container.image;
    const name = rule.newName ?? imageName(current);
    if (rule.digest) container.image = `${name}@${rule.digest}`;
    else {
      const tag = rule.newTag ?? imageTag(current);
      container.image = tag ? `${name}:${tag}` : name;
    }
  }
}

/** The objects `kustomize build <dir>` gives, for the supported subset (see above); throws on anything else. */
export function renderKustomization(dir: string, options: RenderOptions = {}): KubernetesObject[] {
  return render(dir, options).objects;
}

function render(dir: string, options: RenderOptions): Rendered {
  const kustomization = readKustomization(dir);
  const loaded = loadResources(dir, kustomization.resources ?? [], options);
  const generated = generateConfigMaps(dir, kustomization.configMapGenerator ?? [], options);
  const generatedNames = new Map([...loaded.generatedNames, ...generated.generatedNames]);
  let objects = [...loaded.objects, ...generated.objects];
  const seen = new Set<string>();
  for (const object of objects) {
    if (seen.has(idOf(object))) throw new Error(`${dir}: ${idOf(object)} is defined twice`);
    seen.add(idOf(object));
  }
  objects = applyPatches(dir, objects, kustomization.patches ?? []);
  if (kustomization.namespace) {
    for (const object of objects) if (!CLUSTER_SCOPED.has(object.kind)) object.metadata.namespace = kustomization.namespace;
  }
  for (const { name, count } of kustomization.replicas ?? []) {
    const workload = objects.find((object) => SCALABLE.has(object.kind) && object.metadata.name === name);
    if (!workload) throw new Error(`${dir}: replicas names ${name}, which is no Deployment or StatefulSet here`);
    (workload.spec as { replicas?: number }).replicas = count;
  }
  setImages(objects, kustomization.images ?? []);
  for (const object of objects) if (object.kind !== 'ConfigMap') renameReferences(object.spec, generatedNames);
  return { objects, generatedNames };
}

/** Where a kustomization's files are, from this file: deploy/kubernetes/<relative>. */
export const kubernetesDir = (relative: string) => join(dirname(fileURLToPath(import.meta.url)), relative);
