import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dummyEnvironmentFor, fixturesDir, listRealConfigs, realConfigsDir } from '../../config/testing/real-configs.js';
import { runCli, startServe } from '../../testing/run-cli.js';

// A fresh Node process per command: slow on a loaded two-core machine.
vi.setConfig({ testTimeout: 90_000 });

let cwd: string;
beforeEach(() => {
  cwd = mkdtempSync(path.join(tmpdir(), 'chatbox-serve-yaml-'));
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

const ignoredLines = (output: string) => output.split('\n').filter((line) => line.includes('ignored (not implemented by chatbox)'));

/** The 1.2 fixture of this repository, and LibreChat's own newest example when ../shared is there. */
const files = [path.join(fixturesDir, 'librechat-1.2.yaml'), ...listRealConfigs().filter((name) => name === 'librechat.example-v1.3.13.yaml').map((name) => path.join(realConfigsDir, name))];

describe('chatbox serve and config check with LibreChat files', () => {
  it.each(files.map((file) => [path.basename(file), file]))('%s: serve starts and logs the ignored settings once; config check prints the same list', async (_name, file) => {
    const env = dummyEnvironmentFor(file);
    const server = await startServe({ cwd, args: ['--config', file, '--data-dir', path.join(cwd, 'data')], env });
    const logged = ignoredLines(server.output());
    expect(await server.stop()).toBe(0);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('registration.socialLogins: apple, saml');

    const checked = await runCli(['config', 'check', file], { cwd, env });
    expect(checked.code).toBe(0);
    const printed = ignoredLines(checked.stdout);
    expect(printed).toHaveLength(1);
    // The server logs JSON lines: the same text is inside its "msg".
    expect(logged[0]).toContain(JSON.stringify(printed[0]).slice(1, -1));
  });
});
