import type { PluginDefinition, PluginInstances, PluginKind, PluginLogger } from '../plugin-api/index.js';
import { ConfigError } from '../../config/config-error.js';

/** A runtime check that narrows a definition to its kind, so its setup's instance type follows. */
function isOfKind<TKind extends PluginKind>(definition: PluginDefinition, kind: TKind): definition is PluginDefinition<TKind> {
  return definition.kind === kind;
}

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

  function find<TKind extends PluginKind>(kind: TKind, name: string): PluginDefinition<TKind> | undefined {
    const definition = byKey.get(`${kind}:${name}`);
    return definition && isOfKind(definition, kind) ? definition : undefined;
  }

  return {
    list<TKind extends PluginKind>(kind: TKind): Array<PluginDefinition<TKind>> {
      return definitions.filter((definition) => isOfKind(definition, kind));
    },
    find,
    async setup<TKind extends PluginKind>(kind: TKind, name: string, settings: unknown, log: PluginLogger): Promise<PluginInstances[TKind]> {
      const definition = find(kind, name);
      if (!definition) throw new ConfigError([{ path: name, message: `no ${kind} plugin named "${name}"` }]);
      const parsed = definition.configSchema.safeParse(settings);
      if (!parsed.success) {
        throw new ConfigError(
          parsed.error.issues.map((issue) => ({ path: [name, ...issue.path.map(String)].join('.'), message: issue.message })),
          `Invalid settings for the ${kind} plugin "${name}"`,
        );
      }
      return definition.setup({ settings: parsed.data, log });
    },
  };
}

export type PluginRegistry = ReturnType<typeof createPluginRegistry>;
