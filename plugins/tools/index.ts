/** The built-in tools (LibreChat's plugin keys), listed explicitly. plugins/index.ts includes them. */
import type { PluginDefinition } from '../../core/plugin-api/index.js';
import { calculatorToolPlugin } from './calculator/plugin.js';
import { dallEToolPlugin } from './dall-e/plugin.js';
import { dalleToolPlugin } from './dalle/plugin.js';
import { stableDiffusionToolPlugin } from './stable-diffusion/plugin.js';
import { webBrowserToolPlugin } from './web-browser/plugin.js';

export { calculatorToolPlugin, dallEToolPlugin, dalleToolPlugin, stableDiffusionToolPlugin, webBrowserToolPlugin };

export const toolPlugins: Array<PluginDefinition<'tool'>> = [calculatorToolPlugin, webBrowserToolPlugin, dallEToolPlugin, dalleToolPlugin, stableDiffusionToolPlugin];
