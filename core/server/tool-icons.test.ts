import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { packageRoot } from '../../config/package-root.js';
import { bearer, buildTestServer, registerUser } from '../../testing/build-test-server.js';
import { builtInToolPlugins } from '../../testing/credential-tool-plugins.js';
import { CONTENT_SECURITY_POLICY } from './security-headers.js';

const iconsDir = join(packageRoot(), 'ui', 'public', 'assets', 'tools');
let app: FastifyInstance;
let dist: string | undefined;
afterEach(async () => {
  await app?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

/** A built UI as Vite leaves it: ui/public is copied into dist as it is. */
function builtUi(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chatbox-ui-'));
  dist = dir;
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(join(dir, 'assets'));
  cpSync(iconsDir, join(dir, 'assets', 'tools'), { recursive: true });
  return dir;
}

describe('tool icons', () => {
  it('are plain SVG drawings: no script, no external reference, nothing the CSP would have to allow', () => {
    const files = readdirSync(iconsDir);
    expect(files.length).toBeGreaterThanOrEqual(11);
    for (const file of files) {
      const text = readFileSync(join(iconsDir, file), 'utf8');
      expect(text, file).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 32 32">/);
      expect(text, file).not.toMatch(/<script|<foreignObject|href=|url\(|on\w+=|<style|style=/i);
    }
  });

  it("exist for every tool GET /api/plugins lists with a path of chatbox's, and are served with the CSP", async () => {
    app = await buildTestServer({ uiDistDir: builtUi(), plugins: [...builtInToolPlugins] });
    const { token } = await registerUser(app);
    const plugins: Array<{ pluginKey: string; icon: string }> = (await app.inject({ url: '/api/plugins', headers: bearer({ token }) })).json();
    expect(plugins.length).toBeGreaterThan(0);
    for (const { pluginKey, icon } of plugins) {
      expect(icon, pluginKey).toBe(`/assets/tools/${pluginKey}.svg`);
      const response = await app.inject({ url: icon });
      expect(response.statusCode, icon).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    }
    // The page may draw them: images from the server itself.
    expect(CONTENT_SECURITY_POLICY).toContain("img-src 'self'");
  });
});
