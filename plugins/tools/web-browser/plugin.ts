import { z } from 'zod';
import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { createWebBrowserTool } from './web-browser-tool.js';

/** No operator settings: the bounds are fixed (defaultWebBrowserLimits). */
const webBrowserSettingsSchema = z.object({});

/** LibreChat's `web-browser` tool: a page's readable text, fetched through the SSRF guard. */
export const webBrowserToolPlugin: PluginDefinition<'tool', z.output<typeof webBrowserSettingsSchema>> = {
  name: 'web-browser',
  kind: 'tool',
  configSchema: webBrowserSettingsSchema,
  setup: () => createWebBrowserTool(),
};
