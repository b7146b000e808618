import { z } from 'zod';

/**
 * The endpoint options a preset (and a conversation) carries, with the parameter ranges of spec 000
 * §5. Where the spec's schema and panel disagree we take the wider reading (temperature up to 2,
 * penalties -2..2), so a preset the panel can produce is never refused. Every option may be null:
 * LibreChat's client sends null for a cleared option. Messages name the field because the client
 * shows them as they are (a toast on save or import).
 */
const numberOf = (field: string) => z.number({ message: `${field} must be a number` });

const between = (field: string, minimum: number, maximum: number) =>
  numberOf(field)
    .min(minimum, `${field} must be between ${minimum} and ${maximum}`)
    .max(maximum, `${field} must be between ${minimum} and ${maximum}`)
    .nullable()
    .optional();

const wholeBetween = (field: string, minimum: number, maximum: number) =>
  numberOf(field)
    .int(`${field} must be a whole number`)
    .min(minimum, `${field} must be between ${minimum} and ${maximum}`)
    .max(maximum, `${field} must be between ${minimum} and ${maximum}`)
    .nullable()
    .optional();

const wholeAtLeast = (field: string, minimum: number) =>
  numberOf(field).int(`${field} must be a whole number`).min(minimum, `${field} must be at least ${minimum}`).nullable().optional();

const text = (field: string) => z.string({ message: `${field} must be a string` }).nullable().optional();
const flag = (field: string) => z.boolean({ message: `${field} must be true or false` }).nullable().optional();
const texts = (field: string) => z.array(z.string({ message: `${field} must be a list of strings` }), { message: `${field} must be a list of strings` }).nullable().optional();

/**
 * `tools`: LibreChat plugin keys. LibreChat's client sends the whole plugin objects of /api/plugins
 * (TPlugin, in asks and presets of the plugins endpoint); only their `pluginKey` is kept.
 */
const toolKeys = z
  .array(
    z.union([z.string(), z.looseObject({ pluginKey: z.string() }).transform((plugin) => plugin.pluginKey)], {
      message: 'tools must be a list of plugin keys or plugins with a pluginKey',
    }),
    { message: 'tools must be a list of plugin keys or plugins with a pluginKey' },
  )
  .max(100, 'too many tools')
  .nullable()
  .optional();

const exampleText = z.object({ content: z.string({ message: 'examples need input.content and output.content strings' }) }, { message: 'examples need input.content and output.content strings' });

export const endpointOptionsSchema = z.object({
  endpoint: text('endpoint'),
  endpointType: text('endpointType'),
  model: text('model'),
  modelLabel: text('modelLabel'),
  chatGptLabel: text('chatGptLabel'),
  promptPrefix: text('promptPrefix'),
  temperature: between('temperature', 0, 2),
  top_p: between('top_p', 0, 1),
  topP: between('topP', 0, 1),
  topK: wholeBetween('topK', 1, 40),
  top_k: wholeBetween('top_k', 1, 40),
  presence_penalty: between('presence_penalty', -2, 2),
  frequency_penalty: between('frequency_penalty', -2, 2),
  maxOutputTokens: wholeAtLeast('maxOutputTokens', 1),
  maxContextTokens: wholeAtLeast('maxContextTokens', 1),
  max_tokens: wholeAtLeast('max_tokens', 1),
  context: text('context'),
  systemMessage: text('systemMessage'),
  examples: z.array(z.object({ input: exampleText, output: exampleText }, { message: 'examples need input.content and output.content strings' }), {
    message: 'examples must be a list of {input, output} pairs',
  }).nullable().optional(),
  tools: toolKeys,
  agentOptions: z
    .object(
      {
        agent: z.enum(['classic', 'functions'], { message: 'agentOptions.agent must be classic or functions' }).optional(),
        skipCompletion: z.boolean({ message: 'agentOptions.skipCompletion must be true or false' }).optional(),
        model: z.string({ message: 'agentOptions.model must be a string' }).optional(),
        temperature: numberOf('agentOptions.temperature')
          .min(0, 'agentOptions.temperature must be between 0 and 2')
          .max(2, 'agentOptions.temperature must be between 0 and 2')
          .optional(),
      },
      { message: 'agentOptions must be an object' },
    )
    .nullable()
    .optional(),
  file_ids: texts('file_ids'),
  resendFiles: flag('resendFiles'),
  resendImages: flag('resendImages'),
  imageDetail: z.enum(['low', 'auto', 'high'], { message: 'imageDetail must be low, auto or high' }).nullable().optional(),
  assistant_id: text('assistant_id'),
  instructions: text('instructions'),
  iconURL: text('iconURL'),
  greeting: text('greeting'),
  spec: text('spec'),
  // Spec 000 §3 conversation fields of the legacy endpoints (Bing, ChatGPT browser): kept so an
  // imported LibreChat preset survives a round trip.
  jailbreak: flag('jailbreak'),
  jailbreakConversationId: text('jailbreakConversationId'),
  conversationSignature: text('conversationSignature'),
  clientId: text('clientId'),
  bingConversationId: text('bingConversationId'),
  invocationId: wholeAtLeast('invocationId', 0),
  toneStyle: z.enum(['creative', 'fast', 'balanced', 'precise'], { message: 'toneStyle must be creative, fast, balanced or precise' }).nullable().optional(),
  suggestions: texts('suggestions'),
});

/**
 * The options as chatbox's own client sends them and the server answers them: `tools` as plugin
 * keys (the schema also takes LibreChat's plugin objects on the way in and keeps their keys).
 */
export type EndpointOptionsInput = z.output<typeof endpointOptionsSchema>;

const title = z
  .string({ message: 'title is required' })
  .trim()
  .min(1, 'title is required')
  .max(200, 'title must be at most 200 characters');

const presetId = z.string({ message: 'presetId must be a string' }).trim().min(1, 'presetId must not be empty').max(200, 'presetId must be at most 200 characters');

/**
 * POST /api/presets and each item of an import. Unknown fields (`_id`, `user`, `conversationId` of a
 * LibreChat export) are dropped: the owner always comes from the session, never from the body.
 * A null or missing presetId asks for a new preset (LibreChat's "Save As Preset" and import send null).
 */
export const presetRequestSchema = endpointOptionsSchema.extend({
  presetId: presetId.nullable().optional(),
  title,
  defaultPreset: z.boolean({ message: 'defaultPreset must be true or false' }).optional(),
  order: z.number({ message: 'order must be a number' }).nullable().optional(),
  presetOverride: z.record(z.string(), z.unknown(), { message: 'presetOverride must be an object' }).nullable().optional(),
});

export type PresetRequest = z.input<typeof presetRequestSchema>;

/** The most presets one import may carry. */
export const presetImportLimit = 100;

/** POST /api/presets/default: `presetId: null` unsets the default. */
export const setDefaultPresetRequestSchema = z.object({
  presetId: z
    .string({ message: 'presetId is required (null unsets the default)' })
    .trim()
    .min(1, 'presetId is required (null unsets the default)')
    .nullable(),
});

/**
 * POST /api/presets/delete: one preset (LibreChat's client posts the whole preset object; its presetId
 * is what counts), or every preset of the caller with no body, `{}` or `all: true` (spec 000 §7:
 * "delete with no argument clears all"; "clear all presets" sends no body at all).
 */
export const deletePresetsRequestSchema = z
  .object({
    presetId: presetId.optional(),
    all: z.literal(true, { message: 'all must be true' }).optional(),
  })
  .refine((body) => !(body.presetId !== undefined && body.all === true), { message: 'give either presetId or all: true, not both' });

export type PresetDto = z.output<typeof endpointOptionsSchema> & {
  presetId: string;
  user: string;
  title: string;
  defaultPreset: boolean;
  /** Absent when the preset has no place of its own (LibreChat's client rejects a null order). */
  order?: number;
  presetOverride?: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
};

/** Answer of POST /api/presets/delete. */
export interface DeletePresetsResponse {
  deletedCount: number;
}
