import { z } from 'zod';

/** TFile (contract §2.5): `GET /api/files` items. The chat history waits for this list (§1.4). */
export const fileSchema = z.object({
  file_id: z.string(),
  filename: z.string(),
  filepath: z.string(),
  type: z.string(),
  bytes: z.number(),
  embedded: z.boolean(),
  user: z.string(),
  object: z.literal('file'),
  usage: z.number(),
  source: z.enum(['local', 'firebase', 'openai', 's3', 'vectordb']).optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  context: z.string().optional(),
  updatedAt: z.string().optional(),
});

/** GET /api/files: must succeed with an array, or old chats never load (trap 7). */
export const fileListSchema = z.array(fileSchema);
