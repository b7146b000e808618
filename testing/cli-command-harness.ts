import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';

/** What a bin command run in-process printed, and a folder of its own: fresh for every test. */
export interface CliCommandHarness {
  /** A temporary folder, removed after each test. */
  readonly folder: string;
  /** The console.log lines (what the command writes to stdout), their parts joined by spaces. */
  readonly output: string[];
  /** The console.error lines (stderr: progress and errors). */
  readonly errors: string[];
}

/**
 * The variables that would point a command away from its `--data-dir` (another store, search
 * backend or configuration): the operator's shell may have them, a test must not.
 */
const redirectingVariables = ['MONGO_URI', 'MEILI_HOST', 'CONFIG_PATH', 'CHATBOX_DATA_DIR'];

/**
 * Sets up, around each test of the file, a temporary folder, the console captured and the
 * environment pinned (the redirecting variables cleared, then `env` on top: undefined clears one),
 * as an in-process `chatbox <command>` test needs; afterwards it restores them and the exit code.
 */
export function useCliCommandHarness(folderPrefix: string, env: Record<string, string | undefined> = {}): CliCommandHarness {
  const harness: { folder: string; output: string[]; errors: string[] } = { folder: '', output: [], errors: [] };
  beforeEach(() => {
    harness.folder = mkdtempSync(join(tmpdir(), folderPrefix));
    harness.output = [];
    harness.errors = [];
    vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void harness.output.push(parts.join(' ')));
    vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void harness.errors.push(parts.join(' ')));
    for (const name of redirectingVariables) vi.stubEnv(name, undefined);
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    process.exitCode = 0;
    rmSync(harness.folder, { recursive: true, force: true });
  });
  return harness;
}
