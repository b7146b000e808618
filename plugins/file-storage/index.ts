/** The built-in file storages (librechat.yaml `fileStrategy`), listed explicitly. plugins/index.ts includes them. */
import type { PluginDefinition } from '../../core/plugin-api/index.js';
import { localFileStoragePlugin } from './local/plugin.js';

export { localFileStoragePlugin };

export const fileStoragePlugins: Array<PluginDefinition<'file-storage'>> = [localFileStoragePlugin];
