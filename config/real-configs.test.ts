import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { configCommand } from '../bin/commands/config.js';
import { bearer, buildTestServer, registerUser } from '../testing/build-test-server.js';
import { builtInPlugins } from '../plugins/index.js';
import { formatIgnored } from './ignored-settings.js';
import { validateConfigFile } from './load-config.js';
import { parseYaml } from './read-source.js';
import { configSchema } from './schema/index.js';
import { dummyEnvironmentFor, listRealConfigs, realConfigsDir } from './testing/real-configs.js';

const files = listRealConfigs();

/** Keys LibreChat itself would silently drop: real mistakes in people's files, worth a warning. */
const knownTypos: Record<string, string[]> = {
  'community-GDCh-de.yaml': ['endpoints.custom[0].models.titleConvo'],
};

if (files.length === 0) {
  console.warn(`skipping the real librechat.yaml files: ${realConfigsDir} is absent (set CHATBOX_REAL_CONFIGS to its location)`);
}

describe.skipIf(files.length === 0)('every real librechat.yaml (LibreChat examples 1.0–1.3 and files people run)', () => {
  it.each(files)('%s loads, with what chatbox ignores listed and nothing dropped silently', async (name) => {
    const file = path.join(realConfigsDir, name);
    const { errors, warnings, ignored } = await validateConfigFile(file, dummyEnvironmentFor(file));
    expect(errors).toEqual([]);
    const unknownKeys = warnings.filter((warning) => warning.message.startsWith('unknown key')).map((warning) => warning.path);
    expect(unknownKeys).toEqual(knownTypos[name] ?? []);
    // Every top-level section is either read by chatbox or named in the ignored list.
    const document = parseYaml(readFileSync(file, 'utf8')).document;
    const read = new Set(Object.keys(configSchema.shape));
    const ignoredTopLevel = ignored.find((group) => group.section === '')?.keys ?? [];
    for (const key of Object.keys(document as object)) {
      expect(read.has(key) || ignoredTopLevel.includes(key), `${key} is neither read nor listed as ignored`).toBe(true);
    }
  });

  it.each(files)('%s starts a server that serves its endpoints', async (name) => {
    const file = path.join(realConfigsDir, name);
    const app = await buildTestServer({ configPath: file, env: dummyEnvironmentFor(file), plugins: builtInPlugins });
    try {
      const { ignored } = await validateConfigFile(file, dummyEnvironmentFor(file));
      const line = formatIgnored(ignored);
      if (line !== null) expect(app.config.warnings).toContain(line);
      expect(app.config.warnings.filter((warning) => warning.startsWith('ignored'))).toHaveLength(line === null ? 0 : 1);

      const allowedDomain = app.config.yaml.registration.allowedDomains?.[0] ?? 'example.com';
      const user = await registerUser(app, { email: `someone@${allowedDomain}` });
      const response = await app.inject({ method: 'GET', url: '/api/endpoints', headers: bearer(user) });
      expect(response.statusCode).toBe(200);
      const customNames = (app.config.yaml.endpoints?.custom ?? []).map((endpoint) => endpoint.name);
      expect(Object.keys(response.json())).toEqual(expect.arrayContaining(customNames));
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!files.includes('librechat.example-v1.3.13.yaml'))('chatbox config check on LibreChat’s 1.3.13 example', () => {
  let output: string[];
  beforeEach(() => {
    output = [];
    for (const method of ['log', 'warn', 'error'] as const) {
      vi.spyOn(console, method).mockImplementation((...parts: unknown[]) => void output.push(parts.join(' ')));
    }
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    process.exitCode = undefined;
  });

  it('says it is valid and prints the ignored settings once', async () => {
    const file = path.join(realConfigsDir, 'librechat.example-v1.3.13.yaml');
    for (const [name, value] of Object.entries(dummyEnvironmentFor(file))) vi.stubEnv(name, value);
    await configCommand().parseAsync(['node', 'chatbox-config', 'check', file]);
    expect(process.exitCode).toBeUndefined();
    const ignoredLines = output.filter((line) => line.startsWith('ignored'));
    expect(ignoredLines).toHaveLength(1);
    expect(ignoredLines[0]).toContain('registration.socialLogins: apple, saml');
    // actions.allowedDomains is honoured since issue 19: the section is no longer ignored as a whole.
    expect(ignoredLines[0]).toMatch(/^ignored \(not implemented by chatbox\): /);
    expect(ignoredLines[0]).not.toMatch(/: actions; /);
    expect(ignoredLines[0]).toContain('interface: fileSearch');
    expect(output.at(-1)).toMatch(/configuration is valid \(0 errors, 0 warnings\)$/);
  });
});
