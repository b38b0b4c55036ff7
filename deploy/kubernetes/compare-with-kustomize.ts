/**
 * Compares kustomize-subset.ts's rendering of each kustomization with kustomize's own, object by object, where
 * kubectl is installed (the tests never need it):
 *   node --import tsx deploy/kubernetes/compare-with-kustomize.ts
 * Run it after changing the renderer or using a kustomize feature it did not use before. Exits 1 on any difference.
 */
import { execFileSync } from 'node:child_process';
import { isDeepStrictEqual } from 'node:util';
import { kubernetesDir, readYamlDocuments, renderKustomization, type KubernetesObject } from './kustomize-subset';

const key = (object: KubernetesObject) => `${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;
let differences = 0;

for (const dir of ['base', 'overlays/production']) {
  const theirs = new Map(
    (readYamlDocuments(execFileSync('kubectl', ['kustomize', kubernetesDir(dir)], { encoding: 'utf8' }), dir) as KubernetesObject[]).map((object) => [key(object), object]),
  );
  const ours = renderKustomization(kubernetesDir(dir));
  for (const object of ours) {
    const same = theirs.get(key(object));
    theirs.delete(key(object));
    if (same && isDeepStrictEqual(JSON.parse(JSON.stringify(object)), same)) continue;
    differences += 1;
    if (!same) console.log(`${dir}: ${key(object)} is not in kustomize's rendering`);
    else console.log(`${dir}: ${key(object)} differs:\n  ours:      ${JSON.stringify(object)}\n  kustomize: ${JSON.stringify(same)}`);
  }
  for (const missing of theirs.keys()) console.log(`${dir}: ${missing} is only in kustomize's rendering`);
  differences += theirs.size;
  console.log(`${dir}: ${ours.length} objects compared`);
}
process.exit(differences === 0 ? 0 : 1);
