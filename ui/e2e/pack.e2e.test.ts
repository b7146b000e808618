import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServe, type RunningServer } from '../../testing/run-cli.js';

const root = join(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'chatbox-pack-'));
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

/**
 * The release path: `npm pack`, install the tarball into an empty folder, `npx chatbox serve`.
 * Installing compiles better-sqlite3 from source, so this takes a minute or two.
 */
describe('npm pack', () => {
  it('installs into an empty folder and serves the prebuilt UI with npx chatbox serve', { timeout: 600_000 }, async () => {
    // npm test has just built dist/ and ui/dist; skip prepack's second build.
    execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: root, stdio: 'pipe' });
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'))!;
    expect(tarball).toMatch(/^chatbox-\d+\.\d+\.\d+\.tgz$/);
    const listing = execFileSync('tar', ['-tzf', join(work, tarball)], { encoding: 'utf8' });
    expect(listing).toContain('package/dist/bin/chatbox.js');
    expect(listing).toContain('package/ui/dist/index.html');
    expect(listing).toContain('package/docs/chatbox.service');
    expect(listing).toContain('package/examples/scale-out/nginx.conf');
    expect(listing).not.toMatch(/\.test\.js|package\/core\/|package\/ui\/src\//);

    const app = join(work, 'app');
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'chatbox-install-check', private: true }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', join(work, tarball)], { cwd: app, stdio: 'pipe', timeout: 540_000 });

    server = await startServe({ cwd: app, command: ['npx', '--no-install', 'chatbox'] });
    const serverUrl = server.url;
    expect(await (await fetch(`${server.url}/health`)).json()).toEqual({ status: 'ok' });
    const page = await (await fetch(`${server.url}/login`)).text();
    expect(page).toMatch(/<div id="root">/);
    expect(page).not.toContain('has not been built');
    await server.stop();
    server = undefined;
    await expect(fetch(`${serverUrl}/health`)).rejects.toThrow();
  });
});
