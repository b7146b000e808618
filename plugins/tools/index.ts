/** The built-in tools (LibreChat's plugin keys), listed explicitly. plugins/index.ts includes them. */
import type { PluginDefinition } from '../../core/plugin-api/index.js';
import { azureAiSearchToolPlugin } from './azure-ai-search/plugin.js';
import { calculatorToolPlugin } from './calculator/plugin.js';
import { dallEToolPlugin } from './dall-e/plugin.js';
import { dalleToolPlugin } from './dalle/plugin.js';
import { googleSearchToolPlugin } from './google/plugin.js';
import { serpApiToolPlugin } from './serpapi/plugin.js';
import { stableDiffusionToolPlugin } from './stable-diffusion/plugin.js';
import { tavilySearchToolPlugin } from './tavily/plugin.js';
import { traversaalSearchToolPlugin } from './traversaal/plugin.js';
import { webBrowserToolPlugin } from './web-browser/plugin.js';
import { wolframToolPlugin } from './wolfram/plugin.js';

export {
  azureAiSearchToolPlugin,
  calculatorToolPlugin,
  dallEToolPlugin,
  dalleToolPlugin,
  googleSearchToolPlugin,
  serpApiToolPlugin,
  stableDiffusionToolPlugin,
  tavilySearchToolPlugin,
  traversaalSearchToolPlugin,
  webBrowserToolPlugin,
  wolframToolPlugin,
};

/** In LibreChat's manifest order (wave2 notes §4.2), for the tools chatbox has. */
export const toolPlugins: Array<PluginDefinition<'tool'>> = [
  traversaalSearchToolPlugin,
  googleSearchToolPlugin,
  wolframToolPlugin,
  webBrowserToolPlugin,
  serpApiToolPlugin,
  dallEToolPlugin,
  dalleToolPlugin,
  tavilySearchToolPlugin,
  calculatorToolPlugin,
  stableDiffusionToolPlugin,
  azureAiSearchToolPlugin,
];
