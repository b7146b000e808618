import { z } from 'zod';

/** A FunctionTool the builder reads (contract §2.6): `image_vision` and action functions are function tools. */
const functionToolSchema = z.object({
  type: z.enum(['code_interpreter', 'retrieval', 'function']),
  function: z.object({ name: z.string(), description: z.string().optional(), parameters: z.record(z.string(), z.unknown()).optional() }).optional(),
});

/** An Assistant as the client keys, lists and edits it (contract §2.6). */
export const assistantSchema = z.object({
  id: z.string(),
  object: z.string(),
  created_at: z.number(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  model: z.string(),
  instructions: z.string().nullable().optional(),
  tools: z.array(functionToolSchema),
  file_ids: z.array(z.string()),
  metadata: z.object({ avatar: z.string().optional() }).loose().nullable(),
});

/** GET /api/assistants: `data` must be an array. */
export const assistantListSchema = z.object({
  object: z.string(),
  data: z.array(assistantSchema),
  first_id: z.string().nullable(),
  last_id: z.string().nullable(),
  has_more: z.boolean(),
});
