import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/** A Kubernetes object as rendered: plain JSON. */
export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: unknown;
};

/** Whether `kubectl` (with its built-in kustomize) is on this machine. */
export const hasKubectl = () => spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0;

/** `kubectl kustomize <dir>`, parsed. */
export function kubectlKustomize(dir: string): K8sObject[] {
  const out = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  return parseAllDocuments(out)
    .map((d) => d.toJS() as K8sObject | null)
    .filter((o): o is K8sObject => o !== null);
}

type Kustomization = {
  namespace?: string;
  resources?: string[];
  labels?: { pairs: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean }[];
  images?: { name: string; newName?: string; newTag?: string }[];
  patches?: { path?: string; patch?: string; target?: { kind?: string; name?: string } }[];
  configMapGenerator?: {
    name: string;
    files?: string[];
    options?: { labels?: Record<string, string>; disableNameSuffixHash?: boolean };
  }[];
};
type JsonPatchOp = { op: 'add' | 'replace' | 'remove'; path: string; value?: unknown };

/**
 * The same render in plain JavaScript, for a machine without kubectl: only what deploy/k8s uses
 * (resources, a configMapGenerator of files without a hash suffix, strategic-merge patches of maps
 * and `$patch: delete`, JSON patches add/replace/remove with a kind/name-regex target, namespace,
 * labels on metadata, images). The deploy test renders with both where kubectl exists and requires
 * the same objects, so this cannot drift from kustomize unnoticed; anything else it refuses loudly.
 */
export function renderKustomization(dir: string): K8sObject[] {
  const k = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization & Record<string, unknown>;
  const known = ['apiVersion', 'kind', 'namespace', 'resources', 'labels', 'images', 'patches', 'configMapGenerator'];
  const unknown = Object.keys(k).filter((key) => !known.includes(key));
  if (unknown.length) throw new Error(`${dir}: the JS render does not handle ${unknown.join(', ')}`);
  let objects: K8sObject[] = [];
  for (const r of k.resources ?? []) {
    const path = join(dir, r);
    if (statSync(path).isDirectory()) objects.push(...renderKustomization(path));
    else objects.push(...parseAllDocuments(readFileSync(path, 'utf8')).map((d) => d.toJS() as K8sObject));
  }
  for (const g of k.configMapGenerator ?? []) {
    if (!g.options?.disableNameSuffixHash) throw new Error(`${g.name}: the JS render needs disableNameSuffixHash`);
    const data = Object.fromEntries((g.files ?? []).map((f) => [basename(f), readFileSync(join(dir, f), 'utf8')]));
    objects.push({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: g.name, ...(g.options.labels && { labels: g.options.labels }) },
      data,
    });
  }
  for (const p of k.patches ?? []) {
    const doc: unknown = parse(p.path ? readFileSync(join(dir, p.path), 'utf8') : (p.patch ?? ''));
    if (Array.isArray(doc)) {
      const targets = objects.filter((o) => matches(o, p.target));
      if (!targets.length) throw new Error(`patch target ${JSON.stringify(p.target)} matches nothing`);
      for (const o of targets) for (const op of doc as JsonPatchOp[]) applyOp(o, op);
      continue;
    }
    const patch = doc as K8sObject & { $patch?: string };
    const found = objects.find((o) => o.kind === patch.kind && o.metadata.name === patch.metadata.name);
    if (!found) throw new Error(`patch of ${patch.kind}/${patch.metadata.name} matches nothing`);
    if (patch.$patch === 'delete') objects = objects.filter((o) => o !== found);
    else mergeMaps(found, patch);
  }
  for (const o of objects) {
    if (k.namespace) o.metadata.namespace = k.namespace;
    for (const l of k.labels ?? []) {
      if (l.includeSelectors || l.includeTemplates) throw new Error('the JS render adds labels to metadata only');
      o.metadata.labels = { ...o.metadata.labels, ...l.pairs };
    }
    for (const c of containersOf(o)) {
      for (const img of k.images ?? []) {
        if (c.image.replace(/[:@].*$/, '') === img.name) c.image = `${img.newName ?? img.name}:${img.newTag ?? 'latest'}`;
      }
    }
  }
  return objects;
}

const matches = (o: K8sObject, target?: { kind?: string; name?: string }) =>
  (!target?.kind || o.kind === target.kind) && (!target?.name || new RegExp(`^(?:${target.name})$`).test(o.metadata.name));

/** Every container of a workload (Deployment, StatefulSet, Job), init containers included. */
export function containersOf(o: K8sObject): { name: string; image: string; [key: string]: unknown }[] {
  const pod = (o as { spec?: { template?: { spec?: PodSpec } } }).spec?.template?.spec;
  return [...(pod?.containers ?? []), ...(pod?.initContainers ?? [])];
}
type PodSpec = { containers?: { name: string; image: string }[]; initContainers?: { name: string; image: string }[] };

/** Strategic merge as it works for maps and for lists without a merge key: maps merge, the rest replaces. */
function mergeMaps(target: Record<string, unknown>, patch: Record<string, unknown>) {
  for (const [key, value] of Object.entries(patch)) {
    const current = target[key];
    if (isMap(current) && isMap(value)) mergeMaps(current, value);
    else target[key] = value;
  }
}
const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function applyOp(o: K8sObject, op: JsonPatchOp) {
  const keys = op.path.split('/').slice(1);
  const last = keys.pop();
  if (last === undefined) throw new Error(`bad path ${op.path}`);
  let node: unknown = o;
  for (const key of keys) node = (node as Record<string, unknown>)[key];
  if (Array.isArray(node)) {
    const i = last === '-' ? node.length : Number(last);
    if (op.op === 'remove') node.splice(i, 1);
    else if (op.op === 'add') node.splice(i, 0, op.value);
    else node[i] = op.value;
  } else if (isMap(node)) {
    if (op.op === 'remove') Reflect.deleteProperty(node, last);
    else node[last] = op.value;
  } else throw new Error(`no such path ${op.path}`);
}
