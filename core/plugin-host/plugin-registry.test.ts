import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { ChatProvider, FileStorage, PluginDefinition, PluginLogger } from '../plugin-api/index.js';
import { createPluginRegistry } from './plugin-registry.js';

const log: PluginLogger = { debug() {}, info() {}, warn() {}, error() {} };

const echoProvider: PluginDefinition<'provider', { id: string }> = {
  name: 'echo',
  kind: 'provider',
  configSchema: z.object({ id: z.string() }),
  setup: ({ settings }) => ({
    id: settings.id,
    listModels: async () => ['echo-1'],
    async *stream() {
      yield { type: 'finish', finishReason: 'stop' };
    },
  }),
};

const memoryStorage: PluginDefinition<'file-storage'> = {
  name: 'echo',
  kind: 'file-storage',
  configSchema: z.unknown(),
  setup: () => ({
    strategy: 'memory',
    save: async () => ({ path: 'p', bytes: 0 }),
    readStream: async () => (async function* () {})(),
    delete: async () => undefined,
    url: async (path) => `/files/${path}`,
  }),
};

describe('plugin registry', () => {
  it('sets up a plugin as the instance of its kind, typed by the kind, with validated settings', async () => {
    const registry = createPluginRegistry([echoProvider, memoryStorage]);
    const provider = await registry.setup('provider', 'echo', { id: 'Echo' }, log);
    expectTypeOf(provider).toEqualTypeOf<ChatProvider>();
    expect(provider.id).toBe('Echo');
    const storage = await registry.setup('file-storage', 'echo', undefined, log);
    expectTypeOf(storage).toEqualTypeOf<FileStorage>();
    expect(storage.strategy).toBe('memory');
  });

  it('finds and lists plugins by kind: the same name under another kind is another plugin', () => {
    const registry = createPluginRegistry([echoProvider, memoryStorage]);
    expect(registry.find('provider', 'echo')).toBe(echoProvider);
    expect(registry.find('tool', 'echo')).toBeUndefined();
    expect(registry.list('file-storage')).toEqual([memoryStorage]);
  });

  it('refuses an unknown plugin and bad settings with a ConfigError naming the path', async () => {
    const registry = createPluginRegistry([echoProvider]);
    await expect(registry.setup('provider', 'nope', {}, log)).rejects.toMatchObject({ name: 'ConfigError', issues: [{ path: 'nope', message: 'no provider plugin named "nope"' }] });
    await expect(registry.setup('provider', 'echo', { id: 7 }, log)).rejects.toMatchObject({ name: 'ConfigError', issues: [{ path: 'echo.id' }] });
  });

  it('refuses the same kind and name twice', () => {
    expect(() => createPluginRegistry([echoProvider, echoProvider])).toThrow('Plugin provider:echo is registered twice');
  });
});
