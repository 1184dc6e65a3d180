// `node bench/profile-top.mjs FILE.cpuprofile [N]`: the top self-time functions of a V8 CPU profile
// (from `node --cpu-prof`), and self time by package, as Markdown tables.
import { readFileSync } from 'node:fs';

const [file, topArg = '25'] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/profile-top.mjs FILE.cpuprofile [N]');
const profile = JSON.parse(readFileSync(file, 'utf8'));
const dt = new Map(); // node id → self µs
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...dt.values()].reduce((a, b) => a + b, 0);
const where = (url) => {
  if (!url) return '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(url);
  if (m) return `${m[1]} ${m[2].split('/').slice(-1)[0]}`;
  if (url.startsWith('node:')) return url;
  return url.replace(/^.*\/(backend|emails|contracts)\//, '$1/');
};
const pkg = (url) => {
  if (!url) return '(native, gc, idle)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node (core)';
  const own = /\/(backend|emails|contracts)\//.exec(url);
  return own ? `@mashrou/${own[1]}` : url;
};
const byFn = new Map();
const byPkg = new Map();
for (const n of profile.nodes) {
  const us = dt.get(n.id) ?? 0;
  if (!us) continue;
  const f = n.callFrame;
  const key = `${f.functionName || '(anonymous)'} — ${where(f.url)}:${f.lineNumber + 1}`;
  byFn.set(key, (byFn.get(key) ?? 0) + us);
  byPkg.set(pkg(f.url), (byPkg.get(pkg(f.url)) ?? 0) + us);
}
const pc = (us) => `${((100 * us) / total).toFixed(1)} %`;
console.log(`profile: ${(total / 1e6).toFixed(1)} s sampled\n\n| self time | function — where |\n|---:|---|`);
for (const [k, us] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg))) console.log(`| ${pc(us)} | ${k} |`);
console.log('\n| self time | package |\n|---:|---|');
for (const [k, us] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`| ${pc(us)} | ${k} |`);

// Inclusive time (the function and what it calls), counted once per stack even when recursive.
const children = new Map(profile.nodes.map((n) => [n.id, n.children ?? []]));
const nodeById = new Map(profile.nodes.map((n) => [n.id, n]));
const incl = new Map();
const keyOf = (n) => `${n.callFrame.functionName || '(anonymous)'} — ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
const walk = (id, open) => {
  const n = nodeById.get(id);
  const k = keyOf(n);
  let sum = dt.get(id) ?? 0;
  const fresh = !open.has(k);
  if (fresh) open.add(k);
  for (const c of children.get(id)) sum += walk(c, open);
  if (fresh) {
    open.delete(k);
    incl.set(k, (incl.get(k) ?? 0) + sum);
  }
  return sum;
};
walk(profile.nodes[0].id, new Set());
const wanted = (process.env.PROFILE_INCLUSIVE ?? '').split(',').filter(Boolean);
if (wanted.length) {
  console.log('\n| inclusive | function — where |\n|---:|---|');
  for (const [k, us] of [...incl]
    .filter(([k]) => wanted.some((w) => k.startsWith(`${w} —`)))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40))
    console.log(`| ${pc(us)} | ${k} |`);
}

// Self time with node's own frames (streams, sockets, buffers, native) charged to the package that called them.
const parentOf = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
const owner = new Map();
const ownerOf = (id) => {
  if (owner.has(id)) return owner.get(id);
  const n = nodeById.get(id);
  const url = n.callFrame.url;
  const p = parentOf.get(id);
  const o = url && !url.startsWith('node:') ? pkg(url) : p === undefined ? n.callFrame.functionName || '(root)' : ownerOf(p);
  owner.set(id, o);
  return o;
};
const charged = new Map();
for (const [id, us] of dt) charged.set(ownerOf(id), (charged.get(ownerOf(id)) ?? 0) + us);
console.log('\n| charged to caller | package |\n|---:|---|');
for (const [k, us] of [...charged].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`| ${pc(us)} | ${k} |`);
