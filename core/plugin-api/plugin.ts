import type { ActionExecutor } from './action-executor.js';
import type { ChatProvider } from './chat-provider.js';
import type { FileStorage } from './file-storage.js';
import type { PluginLogger } from './plugin-logger.js';
import type { ProviderDiscovery } from './provider-discovery.js';
import type { SettingsSchema } from './settings-schema.js';
import type { Tool } from './tool.js';

/**
 * What each kind of plugin builds: the registry's `setup(kind, …)` returns `PluginInstances[kind]`, so
 * core gets a ChatProvider from a provider plugin without a cast. A new kind is one line here.
 */
export interface PluginInstances {
  /** A model endpoint of /api/endpoints. */
  provider: ChatProvider;
  /** A function the model may call (calculator, web search …). */
  tool: Tool;
  /** Runs the HTTP operations of OpenAPI-described actions. */
  'action-executor': ActionExecutor;
  /** Where uploaded files live (librechat.yaml `fileStrategy`). */
  'file-storage': FileStorage;
}

/** The kinds of plugin the registry knows. */
export type PluginKind = keyof PluginInstances;

/** What a plugin gets when core sets it up. */
export interface PluginContext<TSettings = unknown> {
  /** The plugin's own settings, already validated against its configSchema. */
  settings: TSettings;
  /** A child logger named after the plugin. */
  log: PluginLogger;
}

/** A plugin as listed in plugins/index.ts: a name, a kind, a settings schema and a factory. */
export interface PluginDefinition<TKind extends PluginKind = PluginKind, TSettings = unknown> {
  /** Unique within its kind: 'openAI', 'anthropic', 'local' … */
  name: string;
  /** Which contract `setup` builds; decides the instance type through PluginInstances. */
  kind: TKind;
  /** Validates the settings before `setup` sees them. */
  configSchema: SettingsSchema<TSettings>;
  /** Builds the plugin's instance; called only for plugins the configuration turns on. */
  setup(context: PluginContext<TSettings>): PluginInstances[TKind] | Promise<PluginInstances[TKind]>;
  /**
   * Provider plugins only: which endpoints the environment and librechat.yaml turn on for this
   * plugin (see provider-discovery.ts). A provider without it is set up only when another plugin's
   * candidate names it.
   */
  discovery?: TKind extends 'provider' ? ProviderDiscovery : never;
}
