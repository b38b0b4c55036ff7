/**
 * Questions the manifests' tests ask of a rendering: which workloads (Deployments, StatefulSets, CronJobs), their
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

/**
 * The kinds whose pods the shop runs: its processes' and PgBouncer's Deployments, Varnish's and PostgreSQL's
 * StatefulSets, the backups' CronJobs.
 */
export const WORKLOAD_KINDS = ['Deployment', 'StatefulSet', 'CronJob'];

/** The kinds that keep pods running, with a number of replicas. */
export const SCALABLE_KINDS = ['Deployment', 'StatefulSet'];

/** Every Deployment, StatefulSet and CronJob. */
export const workloads = (objects: KubernetesObject[]): Array<KubernetesObject & Record<string, any>> =>
  objects.filter((object) => WORKLOAD_KINDS.includes(object.kind));

/** The Deployment, StatefulSet or CronJob of that name. */
export function workload(objects: KubernetesObject[], name: string): KubernetesObject & Record<string, any> {
  const found = workloads(objects).find((object) => object.metadata.name === name);
  if (!found) throw new Error(`no Deployment, StatefulSet or CronJob named ${name}`);
  return found;
}

/** A workload's pod template: a CronJob's is in its job template. */
const templateOf = (deployment: KubernetesObject & Record<string, any>): Pod =>
  deployment.kind === 'CronJob' ? deployment.spec.jobTemplate.spec.template : deployment.spec.template;

export const podOf = (deployment: KubernetesObject & Record<string, any>): Pod => templateOf(deployment).spec;
export const podLabels = (deployment: KubernetesObject & Record<string, any>): Record<string, string> => templateOf(deployment).metadata.labels;
/** What a workload's pods are (their app.kubernetes.io/name): the two backup CronJobs run the same pod, postgres-backup. */
export const podName = (deployment: KubernetesObject & Record<string, any>): string => podLabels(deployment)['app.kubernetes.io/name']!;

export function containersOf(deployment: KubernetesObject & Record<string, any>): Container[] {
  const pod = podOf(deployment);
  return [...(pod.initContainers ?? []), ...pod.containers];
}

/**
 * A workload's main container, by the workload's name: its pod's only one, or the one named after the workload
 * (PostgreSQL's, beside pgBackRest's server).
 */
export function mainContainer(objects: KubernetesObject[], name: string): Container {
  const containers = podOf(workload(objects, name)).containers as Container[];
  if (containers.length === 1) return containers[0]!;
  const main = containers.find((container) => container.name === name);
  if (!main) throw new Error(`${name} has ${containers.length} containers, none named ${name}`);
  return main;
}

/** A container by its pod's name and its own: `shell`, `postgres/pgbackrest` (the second container of a pod is named). */
export function containerKey(deployment: KubernetesObject & Record<string, any>, container: Container): string {
  return container.name === podName(deployment) ? podName(deployment) : `${podName(deployment)}/${container.name}`;
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

/**
 * The mounts where a container's process may write: its emptyDirs, and its StatefulSet's volume claims unless
 * mounted read-only.
 */
export function writableMounts(deployment: KubernetesObject & Record<string, any>, container: Container): string[] {
  const emptyDirs = new Set((podOf(deployment).volumes ?? []).filter((volume: Pod) => volume.emptyDir).map((volume: Pod) => volume.name));
  const claims = new Set((deployment.spec.volumeClaimTemplates ?? []).map((claim: Pod) => claim.metadata.name));
  return (container.volumeMounts ?? [])
    .filter((mount: Pod) => emptyDirs.has(mount.name) || (claims.has(mount.name) && !mount.readOnly))
    .map((mount: Pod) => mount.mountPath);
}

/** Is `path` at or under one of `folders`? */
export const isUnder = (path: string, folders: string[]) => folders.some((folder) => path === folder || path.startsWith(`${folder}/`));
