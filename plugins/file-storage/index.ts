/** The built-in file storages (librechat.yaml `fileStrategy`), listed explicitly. plugins/index.ts includes them. */
import type { PluginDefinition } from '../../core/plugin-api/index.js';
import { firebaseFileStoragePlugin } from './firebase/plugin.js';
import { localFileStoragePlugin } from './local/plugin.js';
import { openAIFileStoragePlugin } from './openai/plugin.js';
import { s3FileStoragePlugin } from './s3/plugin.js';

export { firebaseFileStoragePlugin, localFileStoragePlugin, openAIFileStoragePlugin, s3FileStoragePlugin };

export const fileStoragePlugins: Array<PluginDefinition<'file-storage'>> = [localFileStoragePlugin, s3FileStoragePlugin, firebaseFileStoragePlugin, openAIFileStoragePlugin];
