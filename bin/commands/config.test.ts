import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configCommand } from './config.js';

let root: string;
let output: string[];

/** Runs `chatbox config validate …` in-process and returns what it printed and the exit code. */
async function validate(...args: string[]): Promise<{ output: string; exitCode: number | undefined }> {
  await configCommand().parseAsync(['node', 'chatbox-config', 'validate', ...args]);
  const exitCode = process.exitCode as number | undefined;
  process.exitCode = undefined;
  return { output: output.join('\n'), exitCode };
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'chatbox-cli-'));
  output = [];
  for (const method of ['log', 'warn', 'error'] as const) {
    vi.spyOn(console, method).mockImplementation((...parts: unknown[]) => void output.push(parts.join(' ')));
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  process.exitCode = undefined;
  rmSync(root, { recursive: true, force: true });
});

describe('chatbox config validate', () => {
  it('says a good file is valid and leaves the exit code alone', async () => {
    const file = path.join(root, 'good.yaml');
    writeFileSync(file, 'version: 1.0.6\nregistration:\n  socialLogins: [github]\n');
    const result = await validate(file);
    expect(result.exitCode).toBeUndefined();
    expect(result.output).toBe(`${file}: configuration is valid (0 errors, 0 warnings)`);
  });

  it('prints every error and warning with its yaml path and exits 1', async () => {
    const file = path.join(root, 'bad.yaml');
    writeFileSync(
      file,
      ['version: 2.0', 'cache: sometimes', 'endpoints:', '  custom:', '    - name: google', '      apiKey: k', '      baseURL: http://x', '      models: { default: [] }', '      foo: 1', ''].join('\n'),
    );
    const result = await validate(file);
    expect(result.exitCode).toBe(1);
    expect(result.output).toContain('error    cache: ');
    expect(result.output).toContain('error    endpoints.custom[0].name: Value cannot be one of the default endpoint values');
    expect(result.output).toContain('error    endpoints.custom[0].models.default: a model list needs at least one entry');
    expect(result.output).toContain('warning  endpoints.custom[0].foo: unknown key "foo" is ignored');
    expect(result.output).toContain('warning  version: config version 2 is newer than the supported 1.3.13');
    expect(result.output).toContain(`${file}: configuration is invalid (3 errors, 2 warnings)`);
  });

  it('shows which tool calls wait for approval, and warns of a key that names no tool', async () => {
    const file = path.join(root, 'approval.yaml');
    writeFileSync(
      file,
      ['version: 1.2.8', 'tools:', '  requiresApproval: [dalle, add_mcp_math, dallee]', '  approvalTimeout: 90000', 'mcpServers:', '  files:', '    command: node', '    requiresApproval: true', '  github:', '    url: http://127.0.0.1:9/mcp', '    type: streamable-http', '    requiresApproval: [create_issue]', ''].join('\n'),
    );
    const result = await validate(file);
    expect(result.exitCode).toBeUndefined();
    expect(result.output).toContain('warning  tools.requiresApproval[2]: "dallee" is no tool of chatbox (');
    expect(result.output).toContain("tool calls that wait for the user's approval (denied after 90 s): dalle; add_mcp_math; dallee; MCP server files (every tool); MCP server github (create_issue)");
    expect(result.output).toContain(`${file}: configuration is valid (0 errors, 1 warning)`);
  });

  it('reports a file that does not exist', async () => {
    const result = await validate(path.join(root, 'missing.yaml'));
    expect(result.exitCode).toBe(1);
    expect(result.output).toMatch(/error {4}\(root\): cannot read .*missing\.yaml: file not found/);
  });

  it('defaults to CONFIG_PATH', async () => {
    const file = path.join(root, 'from-env.yaml');
    writeFileSync(file, 'version: 1.4.0\n');
    vi.stubEnv('CONFIG_PATH', file);
    const result = await validate();
    expect(result.exitCode).toBeUndefined();
    expect(result.output).toContain('warning  version: config version 1.4.0 is newer than the supported 1.3.13');
    expect(result.output).toContain(`${file}: configuration is valid (0 errors, 1 warning)`);
  });

  it('accepts the shipped example', async () => {
    for (const name of ['AZURE_EASTUS_API_KEY', 'AZURE_MISTRAL_API_KEY', 'OPENROUTER_KEY', 'APP_TITLE']) vi.stubEnv(name, 'set');
    const example = fileURLToPath(new URL('../../librechat.yaml.example', import.meta.url));
    const result = await validate(example);
    expect(result.exitCode).toBeUndefined();
    expect(result.output).toBe(
      [
        'ignored (not implemented by chatbox): secureImageLinks, imageOutputType; ' +
          'endpoints.azureOpenAI: summarize, plugins, assistants; endpoints.custom: summarize, forcePrompt, summaryModel',
        `${example}: configuration is valid (0 errors, 0 warnings)`,
      ].join('\n'),
    );
  });

  it('answers to `config check` too, with the ignored LibreChat settings on one line', async () => {
    const file = path.join(root, 'librechat-1.2.yaml');
    writeFileSync(file, 'version: 1.2.1\nspeech: { tts: {} }\nmemory: { disabled: true }\ninterface: { agents: true }\nregistration:\n  socialLogins: [github, saml]\n');
    await configCommand().parseAsync(['node', 'chatbox-config', 'check', file]);
    expect(process.exitCode).toBeUndefined();
    expect(output).toEqual([
      'ignored (not implemented by chatbox): speech, memory; interface: agents; registration.socialLogins: saml',
      `${file}: configuration is valid (0 errors, 0 warnings)`,
    ]);
  });
});
