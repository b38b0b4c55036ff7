/**
 * Questions the manifests' tests ask of a rendering: which workloads (Deployments, and Varnish's StatefulSet), their
 * pods and containers, the environment a container gets (ConfigMaps and literals, and which variables come from
 * Secrets), which policies select a pod.
 * Typed loosely on purpose: the schema checks (schema-validation.ts) are what says the objects are well formed.
 */
import { existsSync } from 'node:fs';
import { kubernetesDir, renderKustomization, type KubernetesObject } from './kustomize-subset';

/* eslint-disable @typescript-eslint/no-explicit-any -- objects read from YAML, checked by their schemas elsewhere */
export type Pod = Record<string, any>;
export type Container = Record<string, any>;

/** The shop's VCL (deploy/varnish/shop.vcl), which the base's Varnish ConfigMap is generated from. */
export const SHOP_VCL = kubernetesDir('../varnish/shop.vcl');

/**
 * What the renderings use while deploy/varnish/shop.vcl is not written yet (it comes with the VCL's own change): only
 * what the manifests rely on. It includes the site.vcl each way of running the shop brings (the backend `shells`, the
 * ACL `purgers`), checks purgers and answers the kubelet's probes itself. Never used once the file exists.
 */
export const SHOP_VCL_STAND_IN = `vcl 4.1;

include "site.vcl";

sub vcl_recv {
    if (req.method == "PURGE" && client.ip !~ purgers) {
        return (synth(403));
    }
    if (req.url == "/edge/varnish-up") {
        return (synth(200));
    }
}
`;

export const shopVclExists = () => existsSync(SHOP_VCL);

/** The base and the production overlay, rendered afresh for each test file. */
export function renderings(): Record<'base' | 'production', KubernetesObject[]> {
  const options = { standIns: new Map([[SHOP_VCL, SHOP_VCL_STAND_IN]]) };
  return { base: renderKustomization(kubernetesDir('base'), options), production: renderKustomization(kubernetesDir('overlays/production'), options) };
}

export const ofKind = (objects: KubernetesObject[], kind: string): Array<KubernetesObject & Record<string, any>> =>
  objects.filter((object) => object.kind === kind);

export function named(objects: KubernetesObject[], kind: string, name: string): KubernetesObject & Record<string, any> {
  const found = ofKind(objects, kind).find((object) => object.metadata.name === name);
  if (!found) throw new Error(`no ${kind} named ${name}`);
  return found;
}

/** The kinds whose pods the shop runs: its processes' Deployments, Varnish's StatefulSet. */
export const WORKLOAD_KINDS = ['Deployment', 'StatefulSet'];

/** Every Deployment and StatefulSet. */
export const workloads = (objects: KubernetesObject[]): Array<KubernetesObject & Record<string, any>> =>
  objects.filter((object) => WORKLOAD_KINDS.includes(object.kind));

/** The Deployment or StatefulSet of that name. */
export function workload(objects: KubernetesObject[], name: string): KubernetesObject & Record<string, any> {
  const found = workloads(objects).find((object) => object.metadata.name === name);
  if (!found) throw new Error(`no Deployment or StatefulSet named ${name}`);
  return found;
}

export const podOf = (deployment: KubernetesObject & Record<string, any>): Pod => deployment.spec.template.spec;
export const podLabels = (deployment: KubernetesObject & Record<string, any>): Record<string, string> => deployment.spec.template.metadata.labels;

export function containersOf(deployment: KubernetesObject & Record<string, any>): Container[] {
  const pod = podOf(deployment);
  return [...(pod.initContainers ?? []), ...pod.containers];
}

/** The one container of a deployable's pod (each has one), by its Deployment's or StatefulSet's name. */
export function mainContainer(objects: KubernetesObject[], name: string): Container {
  const containers = podOf(workload(objects, name)).containers as Container[];
  if (containers.length !== 1) throw new Error(`${name} has ${containers.length} containers`);
  return containers[0]!;
}

export type EnvSource = { value: string } | { secret: { name: string; key: string } } | { other: unknown };

/** A container's environment as the kubelet builds it: envFrom in order, then env, later entries winning. */
export function environmentOf(objects: KubernetesObject[], container: Container): Map<string, EnvSource> {
  const env = new Map<string, EnvSource>();
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) {
      const data = named(objects, 'ConfigMap', source.configMapRef.name).data ?? {};
      for (const [key, value] of Object.entries(data)) env.set(`${source.prefix ?? ''}${key}`, { value: value as string });
    } else env.set(`(envFrom ${JSON.stringify(source)})`, { other: source });
  }
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined) env.set(variable.name, { value: variable.value });
    else if (variable.valueFrom?.secretKeyRef) env.set(variable.name, { secret: variable.valueFrom.secretKeyRef });
    else env.set(variable.name, { other: variable.valueFrom });
  }
  return env;
}

/** A plain value of a container's environment (undefined when unset or not a plain value). */
export function valueOf(objects: KubernetesObject[], container: Container, name: string): string | undefined {
  const source = environmentOf(objects, container).get(name);
  return source && 'value' in source ? source.value : undefined;
}

/** Does a label selector (`matchLabels` only: the manifests use nothing else) select these labels? */
export function selects(selector: { matchLabels?: Record<string, string>; matchExpressions?: unknown[] } | undefined, labels: Record<string, string>): boolean {
  if (!selector) return false;
  if (selector.matchExpressions?.length) throw new Error('matchExpressions are not evaluated by these tests');
  return Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
}

/** The NetworkPolicies that select a workload's pods. */
export function policiesFor(objects: KubernetesObject[], deployment: KubernetesObject & Record<string, any>): Array<Record<string, any>> {
  return ofKind(objects, 'NetworkPolicy').filter((policy) => selects(policy.spec.podSelector, podLabels(deployment)));
}

/** The ConfigMaps a volume shows (a configMap volume, or a projected one's configMap sources). */
export function configMapsOf(volume: Pod): string[] {
  if (volume.configMap) return [volume.configMap.name];
  return (volume.projected?.sources ?? []).filter((source: Pod) => source.configMap).map((source: Pod) => source.configMap.name);
}

/** The mounts of a container whose volume is an emptyDir: where its process may write. */
export function writableMounts(deployment: KubernetesObject & Record<string, any>, container: Container): string[] {
  const emptyDirs = new Set((podOf(deployment).volumes ?? []).filter((volume: Pod) => volume.emptyDir).map((volume: Pod) => volume.name));
  return (container.volumeMounts ?? []).filter((mount: Pod) => emptyDirs.has(mount.name)).map((mount: Pod) => mount.mountPath);
}

/** Is `path` at or under one of `folders`? */
export const isUnder = (path: string, folders: string[]) => folders.some((folder) => path === folder || path.startsWith(`${folder}/`));
