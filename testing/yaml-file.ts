import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A librechat.yaml (version line first) in a temporary folder, and a way to remove it. */
export function writeYamlFile(body: string): { path: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'chatbox-yaml-'));
  const path = join(dir, 'librechat.yaml');
  writeFileSync(path, `version: 1.0.5\n${body}`);
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
