/**
 * Checks Kubernetes objects against the API's published schemas, as carried by the kubernetes-models package
 * (generated from Kubernetes' OpenAPI definitions), in two ways:
 * - `schemaProblems`: its validators (types, formats, enumerations, required fields), what the API server would refuse;
 * - `unknownFieldProblems`: fields the API does not know (a misspelt `readinesProbe`), which the API server drops
 *   silently and `kubectl apply` only warns about, and which those validators let through (the generated JSON schemas
 *   allow additional properties). The package's TypeScript declarations of the same schemas know every field: each
 *   object is compiled as an object literal of its kind's type, and TypeScript's excess-property check names any
 *   field outside it, at any depth.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { KubernetesObject } from './kustomize-subset';

interface Model {
  new (data: unknown): { validate(): void };
}

/** Where kubernetes-models keeps a kind: `kubernetes-models/<group>/<version>/<Kind>`, the core group as `v1`. */
const modelModule = (object: KubernetesObject) => `kubernetes-models/${object.apiVersion}/${object.kind}`;

const label = (object: KubernetesObject) => `${object.kind}/${object.metadata.name}`;

/** What the schema of `object`'s kind finds wrong with it, one line each; a kind the package does not know is one. */
export async function schemaProblems(object: KubernetesObject): Promise<string[]> {
  let model: Model | undefined;
  try {
    model = ((await import(modelModule(object))) as Record<string, Model | undefined>)[object.kind];
  } catch {
    model = undefined;
  }
  if (!model) return [`${label(object)}: no schema for ${object.apiVersion} ${object.kind}`];
  try {
    new model(object).validate();
    return [];
  } catch (error) {
    const errors = (error as { errors?: Array<{ instancePath: string; message?: string }> }).errors;
    if (!errors) return [`${label(object)}: ${(error as Error).message}`];
    return errors.map((problem) => `${label(object)}: ${problem.instancePath || '/'} ${problem.message ?? 'is invalid'}`);
  }
}

/** The dotted path (`spec.template.spec.containers[0].readinesProbe`) of the literal's node at `position`. */
function pathAt(source: ts.SourceFile, position: number): string {
  let node: ts.Node = source;
  for (;;) {
    const child: ts.Node | undefined = node.getChildren(source).find((candidate) => candidate.getStart(source) <= position && position < candidate.getEnd());
    if (!child) break;
    node = child;
  }
  const parts: string[] = [];
  for (let current: ts.Node | undefined = node; current; current = current.parent) {
    const parent: ts.Node | undefined = current.parent;
    if (ts.isPropertyAssignment(current) && ts.isStringLiteral(current.name)) parts.unshift(current.name.text);
    else if (parent && ts.isArrayLiteralExpression(parent)) parts.unshift(`[${parent.elements.indexOf(current as ts.Expression)}]`);
  }
  return parts.join('.').replace(/\.\[/g, '[');
}

/** Fields of `objects` that their kind's schema does not have (and fields of the wrong type), one line each. */
export function unknownFieldProblems(objects: KubernetesObject[]): string[] {
  // The files must be where Node's resolution finds kubernetes-models: beside this one.
  const folder = join(dirname(fileURLToPath(import.meta.url)), '.schema-check');
  const files = new Map<string, { text: string; object: KubernetesObject }>();
  for (const [index, object] of objects.entries()) {
    const text = `import type { I${object.kind} } from '${modelModule(object)}';\nexport const object: I${object.kind} = ${JSON.stringify(object, null, 2)};\n`;
    files.set(join(folder, `${index}-${object.kind}-${object.metadata.name}.ts`), { text, object });
  }
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts'],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readSource = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const file = files.get(fileName);
    return file ? ts.createSourceFile(fileName, file.text, languageVersion, true) : readSource(fileName, languageVersion, ...rest);
  };
  host.fileExists = (fileName) => files.has(fileName) || ts.sys.fileExists(fileName);
  host.readFile = (fileName) => files.get(fileName)?.text ?? ts.sys.readFile(fileName);
  const program = ts.createProgram([...files.keys()], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    // The literal's keys are quoted (JSON): TypeScript names them '"key"'.
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ').replace(/'"([^"']+)"'/g, "'$1'");
    const file = diagnostic.file && files.get(diagnostic.file.fileName);
    if (!file || diagnostic.start === undefined) return message;
    return `${label(file.object)}: ${pathAt(diagnostic.file!, diagnostic.start) || '(object)'}: ${message}`;
  });
}
