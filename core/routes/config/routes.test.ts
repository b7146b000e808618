import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestServer } from '../../../testing/build-test-server.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const yamlFile = (lines: string[]) => {
  const path = join(tmpdir(), `chatbox-config-route-${process.pid}-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(path, ['version: 1.0.6', ...lines].join('\n'));
  return path;
};

const startupConfig = async (lines: string[] | null) => {
  app = await buildTestServer(lines ? { configPath: yamlFile(lines) } : {});
  const response = await app.inject({ url: '/api/config' });
  expect(response.statusCode).toBe(200);
  return response.json();
};

const specLines = [
  'modelSpecs:',
  '  enforce: true',
  '  list:',
  '    - name: "notes"',
  '      label: "Meeting notes"',
  '      description: "Turns a transcript into notes"',
  '      iconURL: "https://example.com/notes.png"',
  '      default: true',
  '      preset:',
  '        endpoint: "openAI"',
  '        model: "gpt-4o"',
  '        promptPrefix: "Write meeting notes."',
];

describe('GET /api/config', () => {
  it('answers every interface switch on, and no modelSpecs key, without a librechat.yaml', async () => {
    const config = await startupConfig(null);
    expect(config.interface).toEqual({ endpointsMenu: true, modelSelect: true, parameters: true, sidePanel: true, presets: true });
    expect(config).not.toHaveProperty('modelSpecs');
  });

  it('serves the model specs as configured, with enforce and prioritize filled in', async () => {
    const config = await startupConfig(specLines);
    expect(config.modelSpecs).toEqual({
      enforce: true,
      prioritize: true,
      list: [
        {
          name: 'notes',
          label: 'Meeting notes',
          description: 'Turns a transcript into notes',
          iconURL: 'https://example.com/notes.png',
          default: true,
          preset: { endpoint: 'openAI', model: 'gpt-4o', promptPrefix: 'Write meeting notes.' },
        },
      ],
    });
  });

  it('turns the endpoint list, model choice, parameters and presets off when specs exist, unless set', async () => {
    expect((await startupConfig(specLines)).interface).toEqual({ endpointsMenu: false, modelSelect: false, parameters: false, presets: false, sidePanel: true });
    await app?.close();
    const config = await startupConfig([...specLines, 'interface:', '  parameters: true', '  presets: true', '  sidePanel: false']);
    expect(config.interface).toEqual({ endpointsMenu: false, modelSelect: false, parameters: true, presets: true, sidePanel: false });
  });

  it('passes the footer links and the custom welcome through next to the switches', async () => {
    const config = await startupConfig([
      'interface:',
      '  customWelcome: "Welcome, {{user.name}}"',
      '  modelSelect: false',
      '  privacyPolicy:',
      '    externalUrl: "https://example.com/privacy"',
      '    openNewTab: true',
    ]);
    expect(config.interface).toEqual({
      customWelcome: 'Welcome, {{user.name}}',
      privacyPolicy: { externalUrl: 'https://example.com/privacy', openNewTab: true },
      endpointsMenu: true,
      modelSelect: false,
      parameters: true,
      presets: true,
      sidePanel: true,
    });
  });
});
