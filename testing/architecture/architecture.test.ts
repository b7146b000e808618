import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { coreFloors, importViolation } from './import-rules.js';
import { readImports } from './read-imports.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const edges = readImports(root, ['bin', 'config', 'core', 'plugins', 'testing', 'ui/src', 'ui/e2e']);

describe('the import graph', () => {
  it('reads the whole tree', () => {
    // A reader that found nothing would pass every rule; these are far below today's counts.
    expect(edges.length).toBeGreaterThan(2000);
    expect(edges.filter((edge) => edge.from.startsWith('plugins/') && edge.to.startsWith('core/plugin-api/')).length).toBeGreaterThan(20);
    expect(edges.filter((edge) => edge.from.startsWith('ui/src/') && edge.to === 'core/protocol/index.ts').length).toBeGreaterThan(20);
  });

  it('keeps every house rule', () => {
    const violations = edges.flatMap(({ from, to }) => {
      const reason = importViolation(from, to);
      return reason === undefined ? [] : [`${from} -> ${to}: ${reason}`];
    });
    expect(violations).toEqual([]);
  });

  it('has every folder of core on a floor', () => {
    const folders = readdirSync(`${root}/core`, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.filter((folder) => !coreFloors.flat().includes(folder))).toEqual([]);
  });
});
