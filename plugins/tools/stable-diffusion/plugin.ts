import { z } from 'zod';
import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { createStableDiffusionTool } from './stable-diffusion-tool.js';

/** No operator settings: SD_WEBUI_URL is the tool's credential (the user's, or the operator's by environment). */
const stableDiffusionSettingsSchema = z.object({});

/** LibreChat's `stable-diffusion` tool (AUTOMATIC1111's WebUI API). */
export const stableDiffusionToolPlugin: PluginDefinition<'tool', z.output<typeof stableDiffusionSettingsSchema>> = {
  name: 'stable-diffusion',
  kind: 'tool',
  configSchema: stableDiffusionSettingsSchema,
  setup: () => createStableDiffusionTool(),
};
