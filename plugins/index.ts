import type { PluginDefinition } from '../core/plugin-api/index.js';
import { actionPlugins } from './actions/index.js';
import { fileStoragePlugins } from './file-storage/index.js';
import { providerPlugins } from './providers/index.js';
import { toolPlugins } from './tools/index.js';

/** Every built-in plugin, listed explicitly: no globbing, so the build sees them all. */
export const builtInPlugins: PluginDefinition[] = [...providerPlugins, ...fileStoragePlugins, ...toolPlugins, ...actionPlugins];
