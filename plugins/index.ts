import type { PluginDefinition } from '../core/plugin-api/index.js';

/** Every built-in plugin, listed explicitly: no globbing, so the build sees them all. */
export const builtInPlugins: PluginDefinition[] = [];
