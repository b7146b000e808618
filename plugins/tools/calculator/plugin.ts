import { z } from 'zod';
import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { createCalculatorTool } from './calculator-tool.js';

/** The calculator has no settings. */
const calculatorSettingsSchema = z.object({});

/** LibreChat's `calculator` tool: a safe evaluator of math expressions. */
export const calculatorToolPlugin: PluginDefinition<'tool', z.output<typeof calculatorSettingsSchema>> = {
  name: 'calculator',
  kind: 'tool',
  configSchema: calculatorSettingsSchema,
  setup: () => createCalculatorTool(),
};
