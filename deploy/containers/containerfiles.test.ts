/**
 * The Containerfiles cannot be built here (no container engine runs on these machines), so what a build would trip on
 * is checked instead: every path copied from the build context exists in the repository; build outputs (dist/) and
 * installed packages are made inside the image, never copied from a checkout, and every package whose dist/ the
 * process runs is built there (a package whose `build` script runs rsbuild); each image ends as a numeric non-root
 * user, the one its Kubernetes pod runs as, with the command deploy/Procfile gives the process. The database tier's
 * images (PostgreSQL with Patroni and pgBackRest, PgBouncer) copy nothing from the repository: they install Debian
 * bookworm's packages at the fleet's versions, and create every user their pods run as.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PORTS, SHOP_PROCESSES, type ShopProcess } from '@shop/contracts/ports';
import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { containersOf, mainContainer, named, podOf, renderings, workload, workloads } from '../kubernetes/manifest-queries';

const here = dirname(fileURLToPath(import.meta.url));
const repositoryRoot = join(here, '..', '..');

interface PackageManifest {
  name: string;
  version: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  engines?: { node?: string };
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(repositoryRoot, path), 'utf8')) as T;

/** The workspace's packages by name, with the folder each is in. */
const workspace = new Map(
  (parse(readFileSync(join(repositoryRoot, 'pnpm-workspace.yaml'), 'utf8')) as { packages: string[] }).packages.map((folder) => {
    const manifest = readJson<PackageManifest>(`${folder}/package.json`);
    return [manifest.name, { folder, manifest }] as const;
  }),
);

/** A package's folder and the folders of the workspace packages it runs with (its `dependencies`, transitively). */
function runtimeFolders(name: string): string[] {
  const found = new Set<string>();
  const visit = (packageName: string) => {
    const entry = workspace.get(packageName);
    if (!entry || found.has(entry.folder)) return;
    found.add(entry.folder);
    for (const [dependency, range] of Object.entries(entry.manifest.dependencies ?? {})) if (range.startsWith('workspace:')) visit(dependency);
  };
  visit(name);
  return [...found].sort();
}

/** The command deploy/Procfile runs for a process, as words. */
function procfileCommand(process: ShopProcess): string[] {
  const line = readFileSync(join(here, '..', 'Procfile'), 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${process}:`));
  const command = /&& exec (.+)$/.exec(line ?? '')?.[1];
  if (!command) throw new Error(`deploy/Procfile has no "cd … && exec …" line for ${process}`);
  return command.trim().split(/\s+/);
}

const words = (instruction: Instruction) => instruction.getArguments().map((argument) => argument.getValue());
const flag = (instruction: Instruction, name: string) =>
  ((instruction as Instruction & { getFlags?: () => Array<{ getName(): string; getValue(): string | null }> }).getFlags?.() ?? []).find((entry) => entry.getName() === name)?.getValue();

/** The instructions of each stage, in order, with the stage's name. */
function stagesOf(text: string) {
  const stages: Array<{ name: string | null; instructions: Instruction[] }> = [];
  for (const instruction of DockerfileParser.parse(text).getInstructions()) {
    if (instruction.getKeyword() === 'FROM') {
      const [, as, name] = words(instruction);
      stages.push({ name: as?.toUpperCase() === 'AS' ? name! : null, instructions: [] });
    }
    stages.at(-1)?.instructions.push(instruction);
  }
  return stages;
}

const pods = renderings().base;
const containerfiles = readdirSync(here).filter((file) => file.endsWith('.Containerfile'));

/**
 * The database tier's images, from Debian bookworm's packages (the versions the fleet runs), with the workloads that run
 * each: no build context from the repository.
 */
const DATABASE_IMAGES = {
  postgres: { packages: { 'postgresql-15': undefined, patroni: '3.0.*', pgbackrest: '2.45-*' }, ports: [5432, 8008, 8432], entrypoint: 'patroni' },
  pgbouncer: { packages: { pgbouncer: '1.18.*' }, ports: [6432], entrypoint: 'pgbouncer' },
} as const;

describe('the Containerfiles', () => {
  it('are one per process of the shop and one per database image, named after it', () => {
    expect(containerfiles.sort()).toEqual([...SHOP_PROCESSES, ...Object.keys(DATABASE_IMAGES)].map((name) => `${name}.Containerfile`).sort());
  });

  it('keep installed packages, builds and local data out of the build context', () => {
    const ignored = readFileSync(join(here, '.containerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '**/.data']));
  });
});

describe.each(SHOP_PROCESSES.map((process) => [process] as const))('%s.Containerfile', (process) => {
  const text = readFileSync(join(here, `${process}.Containerfile`), 'utf8');
  const stages = stagesOf(text);
  // Every instruction, the ARGs before the first FROM included.
  const all = DockerfileParser.parse(text).getInstructions();
  const final = stages.at(-1)!.instructions;
  const { folder, manifest } = [...workspace.values()].find((entry) => entry.folder === process)!;
  const copiedFromContext = all.filter((instruction) => instruction.getKeyword() === 'COPY' && !flag(instruction, 'from'));
  const contextSources = copiedFromContext.flatMap((instruction) => words(instruction).slice(0, -1));
  const runs = all.filter((instruction) => instruction.getKeyword() === 'RUN').map((instruction) => words(instruction).join(' '));

  it('copies from the build context only paths the repository has, never a build output or local data', () => {
    expect(contextSources.length).toBeGreaterThan(0);
    for (const source of contextSources) {
      expect(existsSync(join(repositoryRoot, source)), source).toBe(true);
      expect(source, source).not.toMatch(/(^|\/)(node_modules|dist|\.data)(\/|$)/);
    }
    expect(all.filter((instruction) => instruction.getKeyword() === 'ADD')).toEqual([]);
  });

  it('copies the package and every workspace package it runs with, then removes what a checkout may have left in them', () => {
    const copiedFolders = contextSources.map((source) => source.replace(/\/$/, ''));
    expect(copiedFolders).toEqual(expect.arrayContaining([...runtimeFolders(manifest.name), 'pnpm-lock.yaml', 'pnpm-workspace.yaml', 'package.json']));
    const cleanup = runs.findIndex((run) => /^find \. .*node_modules.*dist.*\.data.* -exec rm -rf/.test(run));
    const install = runs.findIndex((run) => run.includes('pnpm install --offline --frozen-lockfile'));
    expect(cleanup).toBeGreaterThanOrEqual(0);
    expect(install).toBeGreaterThan(cleanup);
  });

  it('builds every package whose dist/ the process runs (rsbuild), with the build presets copied', () => {
    const built = runtimeFolders(manifest.name)
      .map((packageFolder) => [...workspace.values()].find((entry) => entry.folder === packageFolder)!)
      .filter((entry) => entry.manifest.scripts?.build?.includes('rsbuild build'));
    for (const entry of built) {
      expect(runs.some((run) => run.includes(`--filter ${entry.manifest.name}`) && / build$/.test(run)), `${entry.manifest.name} built`).toBe(true);
    }
    if (built.length > 0) expect(contextSources).toContain('tools/');
  });

  it('puts the package with its production dependencies in the final image, from the build stage', () => {
    const deploy = /pnpm --filter (\S+) deploy --prod --legacy (\S+)$/.exec(runs.find((run) => run.includes(' deploy ')) ?? '');
    expect(deploy?.[1]).toBe(manifest.name);
    const finalCopies = final.filter((instruction) => instruction.getKeyword() === 'COPY');
    expect(finalCopies.map((instruction) => [flag(instruction, 'from'), words(instruction)[0]])).toEqual([['build', `${deploy?.[2]}/`]]);
    expect(stages.map((stage) => stage.name)).toContain('build');
  });

  it('starts from a Node image of a version the workspace supports, pinned to its patch release', () => {
    const image = /^NODE_IMAGE=(.+)$/.exec(words(all.find((instruction) => instruction.getKeyword() === 'ARG')!)[0]!)?.[1];
    const version = /:(\d+)\.(\d+)\.(\d+)-/.exec(image ?? '');
    expect(version, image).not.toBeNull();
    const [major, minor] = [Number(version![1]), Number(version![2])];
    // The root package.json's engines: ^20.19.0 || >=22.12.0.
    expect(readJson<PackageManifest>('package.json').engines?.node).toBe('^20.19.0 || >=22.12.0');
    expect((major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major > 22, image).toBe(true);
    for (const from of all.filter((instruction) => instruction.getKeyword() === 'FROM')) expect(words(from)[0]).toBe('${NODE_IMAGE}');
  });

  it('ends as a numeric non-root user, the one its Kubernetes pod runs as', () => {
    const users = final.filter((instruction) => instruction.getKeyword() === 'USER').map((instruction) => words(instruction)[0]!);
    expect(users).toHaveLength(1);
    const [user, group] = users[0]!.split(':').map(Number);
    expect(user).toBeGreaterThan(0);
    expect(group).toBeGreaterThan(0);
    const last = final.map((instruction) => instruction.getKeyword());
    expect(last.slice(last.indexOf('USER') + 1).every((keyword) => ['EXPOSE', 'CMD', 'LABEL'].includes(keyword))).toBe(true);
    const pod = podOf(named(pods, 'Deployment', process));
    expect([pod.securityContext.runAsUser, pod.securityContext.runAsGroup]).toEqual([user, group]);
  });

  it('runs the command deploy/Procfile runs, on the port the process listens on', () => {
    const cmd = DockerfileParser.parse(text).getCMDs().at(-1)!;
    expect(cmd.getJSONStrings().map((entry) => entry.getJSONValue())).toEqual(procfileCommand(process));
    expect(manifest.scripts?.serve).toBeDefined();
    const exposed = final.filter((instruction) => instruction.getKeyword() === 'EXPOSE').flatMap(words).map(Number);
    expect(exposed).toContain(DEFAULT_PORTS[process]);
    expect(mainContainer(pods, process).ports.map((port: { containerPort: number }) => port.containerPort).sort()).toEqual(exposed.sort());
    expect(folder).toBe(process);
  });
});

describe.each(Object.entries(DATABASE_IMAGES))('%s.Containerfile', (image, expected) => {
  const text = readFileSync(join(here, `${image}.Containerfile`), 'utf8');
  const all = DockerfileParser.parse(text).getInstructions();
  const keyword = (name: string) => all.filter((instruction) => instruction.getKeyword() === name);
  const runs = keyword('RUN').map((instruction) => words(instruction).join(' '));
  /** Every container of the rendering that runs this image, with its pod. */
  const users = workloads(pods).flatMap((deployment) =>
    containersOf(deployment)
      .filter((container) => container.image.split(':')[0] === `maison-argane/${image}`)
      .map((container) => ({ deployment, container })),
  );

  it('starts from Debian bookworm pinned to a point release, in one stage, copying nothing from the repository', () => {
    const image = /^DEBIAN_IMAGE=(.+)$/.exec(words(keyword('ARG')[0]!)[0]!)?.[1];
    expect(image).toMatch(/^docker\.io\/library\/debian:12\.\d+-slim$/);
    expect(keyword('FROM').map((from) => words(from)[0])).toEqual(['${DEBIAN_IMAGE}']);
    expect([...keyword('COPY'), ...keyword('ADD')]).toEqual([]);
  });

  it('installs the fleet’s versions from Debian’s packages, and leaves no package lists behind', () => {
    const install = runs.find((run) => run.includes('apt-get install'));
    expect(install).toBeDefined();
    for (const [name, version] of Object.entries(expected.packages)) expect(install, name).toMatch(new RegExp(`\\s${name.replace('.', '\\.')}${version ? `=${version.replace(/[.*]/g, (c) => `\\${c}`)}` : ''}(\\s|$)`));
    expect(install).toContain('--no-install-recommends');
    expect(install).toMatch(/rm -rf \/var\/lib\/apt\/lists\/\*$/);
  });

  it('ends as a numeric non-root user, which it creates, the one the pods run as; every uid the pods use exists in it', () => {
    const [user, group] = words(keyword('USER').at(-1)!)[0]!.split(':').map(Number);
    expect(user).toBeGreaterThan(0);
    expect(group).toBe(user);
    expect(users.length).toBeGreaterThan(0);
    for (const { deployment, container } of users) {
      const uid = container.securityContext?.runAsUser ?? podOf(deployment).securityContext.runAsUser;
      // pgBackRest and Patroni look their user's name up: the uid must have an entry in /etc/passwd.
      expect(runs.some((run) => new RegExp(`useradd [^&]*--uid ${uid} `).test(run)), `${deployment.metadata.name}/${container.name} ${uid}`).toBe(true);
    }
    const main = workload(pods, image);
    expect([podOf(main).securityContext.runAsUser, podOf(main).securityContext.runAsGroup]).toEqual([user, group]);
  });

  it('runs its program, and exposes the ports its pods declare', () => {
    expect(DockerfileParser.parse(text).getENTRYPOINTs().at(-1)!.getJSONStrings().map((entry) => entry.getJSONValue())).toEqual([expected.entrypoint]);
    const exposed = keyword('EXPOSE').flatMap(words).map(Number).sort();
    expect(exposed).toEqual([...expected.ports].sort());
    const declared = containersOf(workload(pods, image)).flatMap((container) => (container.ports ?? []).map((port: { containerPort: number }) => port.containerPort));
    expect(declared.sort()).toEqual([...expected.ports].sort());
    // The pods' arguments are the image's default ones, said again.
    const cmd = DockerfileParser.parse(text).getCMDs().at(-1)!.getJSONStrings().map((entry) => entry.getJSONValue());
    expect(mainContainer(pods, image).args).toEqual(cmd);
  });
});
