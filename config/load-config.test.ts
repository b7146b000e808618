import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.js';
import { loadConfig, validateConfigFile } from './load-config.js';

let root: string;
const write = (name: string, text: string) => {
  const file = path.join(root, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
};
const rejection = async (promise: Promise<unknown>): Promise<ConfigError> => {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'chatbox-load-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('loadConfig: which file', () => {
  it('uses built-in defaults when no file is given and ./librechat.yaml does not exist', async () => {
    const config = await loadConfig({ dataDir: 'data', env: {}, cwd: root });
    expect(config.configPath).toBeNull();
    expect(config.yaml).toMatchObject({ version: '1.3.13', cache: true, fileStrategy: 'local' });
    expect(config.dataDir).toBe(path.join(root, 'data'));
    expect(config.env.APP_TITLE).toBe('chatbox');
    expect(config.warnings).toEqual([expect.stringContaining('generated JWT_SECRET, JWT_REFRESH_SECRET, CREDS_KEY into')]);
  });

  it('falls back to ./librechat.yaml in the working directory', async () => {
    const file = write('librechat.yaml', 'version: 1.0.6\nimageOutputType: webp\n');
    const config = await loadConfig({ dataDir: 'data', env: {}, cwd: root });
    expect(config.configPath).toBe(file);
    expect(config.yaml.imageOutputType).toBe('webp');
  });

  it('prefers CONFIG_PATH over ./librechat.yaml, and an explicit path over both', async () => {
    write('librechat.yaml', 'version: 1.0.6\nimageOutputType: webp\n');
    const fromEnv = write('conf/env.yaml', 'version: 1.0.6\nimageOutputType: jpeg\n');
    const explicit = write('conf/explicit.yaml', 'version: 1.0.6\nimageOutputType: png\n');
    const env = { CONFIG_PATH: 'conf/env.yaml' };
    expect((await loadConfig({ dataDir: 'data', env, cwd: root })).configPath).toBe(fromEnv);
    const config = await loadConfig({ configPath: explicit, dataDir: 'data', env, cwd: root });
    expect(config.configPath).toBe(explicit);
    expect(config.yaml.imageOutputType).toBe('png');
  });

  it('fails when an explicit path or CONFIG_PATH does not exist', async () => {
    const explicit = await rejection(loadConfig({ configPath: 'nope.yaml', dataDir: 'data', env: {}, cwd: root }));
    expect(explicit.issues).toEqual([{ path: 'configPath', message: `file not found: ${path.join(root, 'nope.yaml')}` }]);
    const fromEnv = await rejection(loadConfig({ dataDir: 'data', env: { CONFIG_PATH: 'gone.yaml' }, cwd: root }));
    expect(fromEnv.issues[0].path).toBe('CONFIG_PATH');
  });
});

describe('loadConfig: remote CONFIG_PATH', () => {
  let server: Server;
  let baseUrl: string;
  beforeEach(async () => {
    server = createServer((request, response) => {
      if (request.url === '/librechat.yaml') response.end('version: 1.0.6\nsecureImageLinks: true\n');
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fetches an http(s) CONFIG_PATH', async () => {
    const config = await loadConfig({ dataDir: 'data', env: { CONFIG_PATH: `${baseUrl}/librechat.yaml` }, cwd: root });
    expect(config.configPath).toBe(`${baseUrl}/librechat.yaml`);
    expect(config.yaml.secureImageLinks).toBe(true);
  });

  it('fails with the HTTP status when the download fails', async () => {
    const error = await rejection(loadConfig({ dataDir: 'data', env: { CONFIG_PATH: `${baseUrl}/missing.yaml` }, cwd: root }));
    expect(error.issues[0].message).toContain('HTTP 404');
  });
});

describe('loadConfig: problems', () => {
  it('reports a YAML syntax error with its line', async () => {
    const file = write('bad.yaml', 'version: 1.0.6\nendpoints:\n  custom:\n    - name: "unterminated\n');
    const error = await rejection(loadConfig({ configPath: file, dataDir: 'data', env: {}, cwd: root }));
    expect(error.issues[0].path).toMatch(/^line \d+, column \d+$/);
    expect(error.issues[0].message).toMatch(/^YAML: /);
  });

  it('reports every schema error of the file at once, with yaml paths', async () => {
    const file = write('invalid.yaml', 'version: 1.0.6\ncache: maybe\nendpoints:\n  custom:\n    - name: openAI\n      apiKey: k\n      baseURL: http://x\n      models: { default: [m] }\n');
    const error = await rejection(loadConfig({ configPath: file, dataDir: 'data', env: {}, cwd: root }));
    expect(error.issues.map((issue) => issue.path)).toEqual(['cache', 'endpoints.custom[0].name']);
    expect(error.message).toContain(file);
  });

  it('names the environment variable that is wrong', async () => {
    const error = await rejection(loadConfig({ dataDir: 'data', env: { EMAIL_PORT: 'twenty-five' }, cwd: root }));
    expect(error.issues).toEqual([{ path: 'EMAIL_PORT', message: expect.stringContaining('twenty-five') }]);
  });

  it('passes warnings on and resolves ${VAR} from the given environment', async () => {
    const file = write('warn.yaml', 'version: 1.4.0\nshinyNewThing: true\nspeech: { tts: {} }\nendpoints:\n  custom:\n    - name: Groq\n      apiKey: ${GROQ_KEY}\n      baseURL: https://api.groq.com/openai/v1\n      models: { default: [llama3] }\n');
    const config = await loadConfig({ configPath: file, dataDir: 'data', env: { GROQ_KEY: 'gsk-1', JWT_SECRET: 'a', JWT_REFRESH_SECRET: 'b', CREDS_KEY: 'c'.repeat(64) }, cwd: root });
    expect(config.yaml.endpoints?.custom?.[0].apiKey).toBe('gsk-1');
    expect(config.secrets.jwtSecret).toBe('a');
    expect(config.warnings).toEqual([
      expect.stringMatching(/^version: config version 1.4.0 is newer/),
      'shinyNewThing: unknown key "shinyNewThing" is ignored',
      'ignored (not implemented by chatbox): speech',
    ]);
  });
});

describe('validateConfigFile', () => {
  it('returns errors, warnings and ignored settings instead of throwing (and no configuration)', async () => {
    const file = write('mixed.yaml', 'version: 1.0.6\ncache: maybe\nregistration:\n  socialLogins: [github, myspace]\n  typo: 1\n');
    expect(await validateConfigFile(file, {})).toEqual({
      config: null,
      errors: [{ path: 'cache', message: expect.any(String) }],
      warnings: [{ path: 'registration.typo', message: 'unknown key "typo" is ignored' }],
      ignored: [{ section: 'registration.socialLogins', keys: ['myspace'] }],
    });
  });

  it('reports a missing file and duplicate yaml keys as errors', async () => {
    expect((await validateConfigFile(path.join(root, 'absent.yaml'), {})).errors).toEqual([{ path: '', message: expect.stringContaining('file not found') }]);
    const file = write('dup.yaml', 'version: 1.0.6\ncache: true\ncache: false\n');
    expect((await validateConfigFile(file, {})).errors).toEqual([{ path: 'line 3, column 1', message: expect.stringContaining('unique') }]);
  });
});
