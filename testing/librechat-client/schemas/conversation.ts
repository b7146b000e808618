import { z } from 'zod';
import { modelEndpointSchema } from './endpoint-name.js';
import { pluginSchema } from './plugin.js';

const example = z.object({ input: z.object({ content: z.string() }), output: z.object({ content: z.string() }) });

/**
 * The endpoint setting fields LibreChat v0.7.1's conversation schema shares with presets (contract
 * §2.1). Optional means the key may be absent; only the fields the page marks "Null OK" accept null.
 * One `null` in any other field crashes the whole client at its next render (trap 1).
 */
export const conversationSettingsShape = {
  endpointType: modelEndpointSchema.optional(),
  user: z.string().optional(),
  suggestions: z.array(z.string()).optional(),
  messages: z.array(z.string()).optional(),
  tools: z.array(pluginSchema).optional(),
  systemMessage: z.string().nullable().optional(),
  modelLabel: z.string().nullable().optional(),
  examples: z.array(example).optional(),
  chatGptLabel: z.string().nullable().optional(),
  userLabel: z.string().optional(),
  model: z.string().nullable().optional(),
  promptPrefix: z.string().nullable().optional(),
  temperature: z.number().optional(),
  topP: z.number().optional(),
  topK: z.number().optional(),
  top_p: z.number().optional(),
  frequency_penalty: z.number().optional(),
  presence_penalty: z.number().optional(),
  maxOutputTokens: z.number().optional(),
  jailbreak: z.boolean().optional(),
  jailbreakConversationId: z.string().nullable().optional(),
  conversationSignature: z.string().nullable().optional(),
  clientId: z.string().nullable().optional(),
  parentMessageId: z.string().optional(),
  invocationId: z.number().nullable().optional(),
  toneStyle: z.string().nullable().optional(),
  agentOptions: z.object({ agent: z.string(), skipCompletion: z.boolean(), model: z.string(), temperature: z.number() }).nullable().optional(),
  file_ids: z.array(z.string()).optional(),
  resendImages: z.boolean().optional(),
  resendFiles: z.boolean().optional(),
  imageDetail: z.enum(['low', 'auto', 'high']).optional(),
  assistant_id: z.string().optional(),
  instructions: z.string().optional(),
  presetOverride: z.record(z.string(), z.unknown()).optional(),
};

/**
 * A conversation as the client holds it in state (tConvoUpdateSchema: `endpoint` may be any
 * string), with the server-answer rules of §1.5: a real string id and string dates, since list
 * items go into state unsanitised and the sidebar's date grouping calls `.split` on `updatedAt`.
 */
export const conversationSchema = z.object({
  ...conversationSettingsShape,
  conversationId: z.string(),
  title: z.string().nullable().optional(),
  endpoint: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'updatedAt must be an ISO date'),
});
