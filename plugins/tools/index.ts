/** The built-in tools (LibreChat's plugin keys), listed explicitly. plugins/index.ts includes them. */
import type { PluginDefinition } from '../../core/plugin-api/index.js';
import { calculatorToolPlugin } from './calculator/plugin.js';

export { calculatorToolPlugin };

export const toolPlugins: Array<PluginDefinition<'tool'>> = [calculatorToolPlugin];
