import type { PluginDefinition } from '../../core/plugin-api/index.js';
import { openApiActionPlugin } from './openapi/plugin.js';

export const actionPlugins: Array<PluginDefinition<'action-executor'>> = [openApiActionPlugin];
