#!/usr/bin/env node
// Summarises a V8 .cpuprofile (from `npm run bench -- --cpu-prof …`): self time by function and by
// package or source file, to see where a missed target's CPU goes without opening DevTools.
// Usage: node bench/profile-summary.mjs <file.cpuprofile> [top=30]
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-summary.mjs <file.cpuprofile> [top]');
  process.exit(1);
}
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfSamples = new Map();
for (const id of profile.samples) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
const total = profile.samples.length;
const msPerSample = (profile.endTime - profile.startTime) / 1000 / total;

function where(url) {
  if (!url) return '(native)';
  const modules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (modules) return modules[1];
  const own = url.match(/\/(dist\/.*)$/);
  return own ? own[1] : url.replace(/^file:\/\//, '');
}

const byFunction = new Map();
const byPlace = new Map();
for (const [id, count] of selfSamples) {
  const { callFrame } = byId.get(id);
  const name = `${callFrame.functionName || '(anonymous)'} ${where(callFrame.url)}:${callFrame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + count);
  const place = callFrame.url ? where(callFrame.url) : callFrame.functionName;
  byPlace.set(place, (byPlace.get(place) ?? 0) + count);
}

// Inclusive time: every function on a sample's stack gets the sample once, recursion or not.
const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const label = (node) => `${node.callFrame.functionName || '(anonymous)'} ${where(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
const inclusive = new Map();
for (const [id, count] of selfSamples) {
  const seen = new Set();
  for (let current = id; current !== undefined; current = parentOf.get(current)) {
    const node = byId.get(current);
    if (!node.callFrame.url) continue;
    const name = label(node);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + count);
  }
}

const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [name, count] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((count / total) * 100).toFixed(1).padStart(5)}%  ${(count * msPerSample).toFixed(0).padStart(7)} ms  ${name}`);
  }
};
console.log(`${file}: ${total} samples, ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s`);
print('self time by package or file', byPlace);
print('self time by function', byFunction);
print('total time (self + callees) by function', inclusive);
