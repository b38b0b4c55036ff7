import { SHOP_PROCESSES } from '@shop/contracts/ports';
import { describe, expect, it } from 'vitest';
import { imageName } from './kustomize-subset';
import { containersOf, mainContainer, named, ofKind, podName, podOf, renderings, SCALABLE_KINDS, workload, workloads } from './manifest-queries';
import { schemaProblems, unknownFieldProblems } from './schema-validation';

const rendered = renderings();

describe.each(Object.entries(rendered))('the %s rendering', (_name, objects) => {
  it('passes the schema of each object’s kind', async () => {
    const problems = (await Promise.all(objects.map(schemaProblems))).flat();
    expect(problems).toEqual([]);
  });

  it('uses only API versions current Kubernetes serves', () => {
    // kubernetes-models keeps the schemas of API versions Kubernetes has since removed (extensions/v1beta1…).
    const current = new Set(['v1', 'apps/v1', 'batch/v1', 'policy/v1', 'networking.k8s.io/v1', 'rbac.authorization.k8s.io/v1']);
    for (const object of objects) expect(current.has(object.apiVersion), `${object.kind} ${object.apiVersion}`).toBe(true);
  });

  it('has no field the Kubernetes API does not know', () => {
    expect(unknownFieldProblems(objects)).toEqual([]);
  });

  it('runs each of the shop’s processes, and PgBouncer, as a Deployment of its own, behind a Service and a PodDisruptionBudget', () => {
    const deployments = [...SHOP_PROCESSES, 'pgbouncer'];
    expect(ofKind(objects, 'Deployment').map((deployment) => deployment.metadata.name).sort()).toEqual(deployments.sort());
    for (const name of deployments) {
      const labels = named(objects, 'Deployment', name).spec.template.metadata.labels;
      expect(named(objects, 'Service', name).spec.selector, name).toEqual({ 'app.kubernetes.io/name': name });
      expect(labels['app.kubernetes.io/name'], name).toBe(name);
      const budget = named(objects, 'PodDisruptionBudget', name);
      expect(budget.spec.selector.matchLabels, name).toEqual({ 'app.kubernetes.io/name': name });
      // One pod at a time, never all of them: with a single replica maxUnavailable 1 still lets a node drain.
      expect(budget.spec.maxUnavailable, name).toBe(1);
    }
  });

  it('runs Varnish as a StatefulSet of two, whose pods the headless Service names, behind a PodDisruptionBudget', () => {
    expect(ofKind(objects, 'StatefulSet').map((statefulSet) => statefulSet.metadata.name).sort()).toEqual(['postgres', 'varnish']);
    const statefulSet = workload(objects, 'varnish');
    expect(statefulSet.spec.replicas).toBe(2);
    expect(statefulSet.spec.serviceName).toBe('varnish');
    expect(statefulSet.spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': 'varnish' });
    expect(statefulSet.spec.template.metadata.labels['app.kubernetes.io/name']).toBe('varnish');
    // No volume claim: a cache is rebuilt, never kept.
    expect(statefulSet.spec.volumeClaimTemplates).toBeUndefined();
    expect(named(objects, 'Service', 'varnish').spec.clusterIP).toBe('None');
    expect(named(objects, 'PodDisruptionBudget', 'varnish').spec).toEqual({ maxUnavailable: 1, selector: { matchLabels: { 'app.kubernetes.io/name': 'varnish' } } });
    // Varnish 7.1, with varnish-modules for xkey (a comment in varnish.yaml; shop.vcl's import fails without them).
    expect(mainContainer(objects, 'varnish').image).toMatch(/\/?varnish:7\.1(\.\d+)?$/);
  });

  it('holds no Secret: secrets are made in the cluster and named only', () => {
    expect(ofKind(objects, 'Secret')).toEqual([]);
    expect(objects.filter((object) => object.kind.endsWith('SealedSecret') || 'stringData' in object)).toEqual([]);
  });
});

describe('the production overlay', () => {
  const objects = rendered.production;

  it('puts everything in the shop’s namespace, which enforces the restricted pod security profile', () => {
    const namespace = named(objects, 'Namespace', 'maison-argane');
    expect(namespace.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
    for (const object of objects.filter((object) => object.kind !== 'Namespace')) {
      expect(object.metadata.namespace, `${object.kind}/${object.metadata.name}`).toBe('maison-argane');
    }
  });

  it('runs two or more of every process, so a rolling update or a node’s loss leaves one serving', () => {
    for (const deployment of workloads(objects).filter((deployment) => SCALABLE_KINDS.includes(deployment.kind))) {
      expect(deployment.spec.replicas, deployment.metadata.name).toBeGreaterThanOrEqual(2);
    }
    expect(named(objects, 'Deployment', 'shell').spec.replicas).toBeGreaterThanOrEqual(3);
  });

  it('pulls every image from the registry by a fixed tag or digest, each deployable its own, PostgreSQL’s for its backups', () => {
    // The backup jobs run pgBackRest from the servers' image (deploy/containers/postgres.Containerfile).
    const image = (pod: string) => (pod === 'postgres-backup' ? 'postgres' : pod);
    for (const deployment of workloads(objects)) {
      for (const container of containersOf(deployment)) {
        expect(container.image, deployment.metadata.name).toMatch(/^registry\.example\.ma\/maison-argane\/[a-z-]+(:[0-9][\w.-]*|@sha256:[0-9a-f]{64})$/);
        expect(imageName(container.image), deployment.metadata.name).toBe(`registry.example.ma/maison-argane/${image(podName(deployment))}`);
        expect(container.imagePullPolicy ?? 'IfNotPresent').not.toBe('Always');
      }
    }
  });

  it('keeps no placeholder host or address of the base', () => {
    expect(JSON.stringify(objects)).not.toContain('example.test');
    // The base's documentation ranges (RFC 5737), where it names addresses outside the cluster.
    expect(JSON.stringify(objects)).not.toMatch(/192\.0\.2\.|198\.51\.100\./);
  });

  it('gives the shell more memory than the base, for production’s renderers', () => {
    const memory = (objects: typeof rendered.base) => podOf(named(objects, 'Deployment', 'shell')).containers[0].resources.limits.memory;
    expect([memory(rendered.base), memory(objects)]).toEqual(['2Gi', '3Gi']);
  });
});
