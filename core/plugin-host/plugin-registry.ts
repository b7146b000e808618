import type { PluginDefinition, PluginKind, PluginLogger } from '../plugin-api/index.js';
import { ConfigError } from '../../config/config-error.js';

/**
 * The built-in plugins by kind and name. Only the plugins the configuration turns on are set up,
 * each with settings validated against its own schema.
 */
export function createPluginRegistry(definitions: PluginDefinition[]) {
  const byKey = new Map<string, PluginDefinition>();
  for (const definition of definitions) {
    const key = `${definition.kind}:${definition.name}`;
    if (byKey.has(key)) throw new Error(`Plugin ${key} is registered twice`);
    byKey.set(key, definition);
  }

  return {
    list(kind: PluginKind): PluginDefinition[] {
      return definitions.filter((definition) => definition.kind === kind);
    },
    find(kind: PluginKind, name: string): PluginDefinition | undefined {
      return byKey.get(`${kind}:${name}`);
    },
    async setup<T>(kind: PluginKind, name: string, settings: unknown, log: PluginLogger): Promise<T> {
      const definition = byKey.get(`${kind}:${name}`);
      if (!definition) throw new ConfigError([{ path: name, message: `no ${kind} plugin named "${name}"` }]);
      const parsed = definition.configSchema.safeParse(settings);
      if (!parsed.success) {
        throw new ConfigError(
          parsed.error.issues.map((issue) => ({ path: [name, ...issue.path.map(String)].join('.'), message: issue.message })),
          `Invalid settings for the ${kind} plugin "${name}"`,
        );
      }
      return (await definition.setup({ settings: parsed.data, log })) as T;
    },
  };
}

export type PluginRegistry = ReturnType<typeof createPluginRegistry>;
