import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrations } from '../../core/store/sqlite/migrations/index.js';
import { seedHistory, type HistorySizes, type SeedManifest } from './seed.js';

/** Bump when the seed's content or layout changes, so cached data dirs are seeded again. */
const SEED_VERSION = 1;

export const cacheRoot = fileURLToPath(new URL('../../../.cache/', import.meta.url));

export interface SeededDataDir {
  dataDir: string;
  manifest: SeedManifest;
  /** False when the data dir came from the cache. */
  seededNow: boolean;
}

/**
 * The seeded data dir for these sizes, from bench/.cache when an earlier run made it. The key covers
 * the schema's migrations: a new migration (search, say) means a fresh seed in the new schema rather
 * than a benchmark that first watches the server migrate a million rows.
 */
export async function seededDataDir(sizes: HistorySizes, log: (line: string) => void): Promise<SeededDataDir> {
  const key = createHash('sha256')
    .update(JSON.stringify({ SEED_VERSION, sizes, migrations: migrations.map(({ version, name, sql }) => ({ version, name, sql })) }))
    .digest('hex')
    .slice(0, 12);
  const folder = join(cacheRoot, `history-${key}`);
  const manifestPath = join(folder, 'manifest.json');
  const dataDir = join(folder, 'data');
  if (existsSync(manifestPath)) return { dataDir, manifest: JSON.parse(readFileSync(manifestPath, 'utf8')) as SeedManifest, seededNow: false };
  rmSync(folder, { recursive: true, force: true });
  log(`seeding ${sizes.users} users × ${sizes.messagesPerUser} messages into ${folder}`);
  const manifest = await seedHistory(dataDir, sizes, log);
  // Written last: an interrupted seed leaves no manifest and is redone.
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  return { dataDir, manifest, seededNow: true };
}
