/** The built-in tools (LibreChat's plugin keys), listed explicitly. plugins/index.ts includes them. */
import type { PluginDefinition } from '../../core/plugin-api/index.js';
import { azureAiSearchToolPlugin } from './azure-ai-search/plugin.js';
import { calculatorToolPlugin } from './calculator/plugin.js';
import { googleSearchToolPlugin } from './google/plugin.js';
import { serpApiToolPlugin } from './serpapi/plugin.js';
import { tavilySearchToolPlugin } from './tavily/plugin.js';
import { traversaalSearchToolPlugin } from './traversaal/plugin.js';
import { wolframToolPlugin } from './wolfram/plugin.js';

export { azureAiSearchToolPlugin, calculatorToolPlugin, googleSearchToolPlugin, serpApiToolPlugin, tavilySearchToolPlugin, traversaalSearchToolPlugin, wolframToolPlugin };

export const toolPlugins: Array<PluginDefinition<'tool'>> = [
  calculatorToolPlugin,
  googleSearchToolPlugin,
  serpApiToolPlugin,
  tavilySearchToolPlugin,
  traversaalSearchToolPlugin,
  wolframToolPlugin,
  azureAiSearchToolPlugin,
];
