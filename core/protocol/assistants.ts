import { z } from 'zod';

/** Spec 001 §5 and §9: the builder form's maxima. */
export const ASSISTANT_NAME_MAX = 256;
export const ASSISTANT_DESCRIPTION_MAX = 512;
export const ASSISTANT_INSTRUCTIONS_MAX = 32_768;
/** OpenAI's v1 limits, kept so an assistant stays portable. */
export const ASSISTANT_TOOLS_MAX = 128;
export const ASSISTANT_FILES_MAX = 20;
export const ASSISTANT_METADATA_KEYS_MAX = 16;

/** A function the model may call, in OpenAI's shape. */
export interface AssistantFunctionDto {
  name: string;
  description?: string;
  parameters?: Record<string, unknown>;
}

export type AssistantToolDto = { type: 'code_interpreter' } | { type: 'retrieval' } | { type: 'function'; function: AssistantFunctionDto };

/** An assistant on the wire: OpenAI's v1 object (client contract §2.6). */
export interface AssistantDto {
  id: string;
  object: 'assistant';
  /** Seconds since the epoch. */
  created_at: number;
  name: string | null;
  description: string | null;
  model: string;
  instructions: string | null;
  tools: AssistantToolDto[];
  file_ids: string[];
  /** `author` (the owner's id) and, once uploaded, `avatar` (a link) and `avatar_source` (the storage). */
  metadata: Record<string, unknown>;
}

/** GET /api/assistants: OpenAI's list body. */
export interface AssistantListDto {
  object: 'list';
  data: AssistantDto[];
  first_id: string | null;
  last_id: string | null;
  has_more: boolean;
}

/** GET /api/assistants/documents: LibreChat's AssistantDocument, one per assistant of the caller. */
export interface AssistantDocumentDto {
  user: string;
  assistant_id: string;
  avatar?: { filepath: string; source: string };
  file_ids: string[];
  /** `<domain>_action_<action_id>` of its actions (LibreChat's); absent when it has none. */
  actions?: string[];
  createdAt: string;
  updatedAt: string;
}

const functionName = z
  .string({ message: 'a function tool needs a name' })
  .regex(/^[a-zA-Z0-9_-]{1,64}$/, 'a function name is 1 to 64 letters, digits, _ or -');

/** A function tool as OpenAI takes it; `parameters` must be a JSON Schema object. */
const functionToolSchema = z.object({
  type: z.literal('function'),
  function: z.object(
    {
      name: functionName,
      description: z.string({ message: 'a function description must be a string' }).max(1_024, 'a function description must be at most 1024 characters').optional(),
      parameters: z.record(z.string(), z.unknown(), { message: 'function parameters must be a JSON Schema object' }).optional(),
    },
    { message: 'a function tool needs a function object' },
  ),
});

/**
 * One entry of `tools` as LibreChat's builder sends it: a tool's name from GET /api/assistants/tools
 * (or `image_vision`), or a tool object.
 */
export const assistantToolInputSchema = z.union(
  [z.string().min(1).max(200), z.object({ type: z.literal('code_interpreter') }), z.object({ type: z.literal('retrieval') }), functionToolSchema],
  { message: "each tool is a tool name or an object of type 'code_interpreter', 'retrieval' or 'function' with a function {name, description, parameters}" },
);

export type AssistantToolInput = z.output<typeof assistantToolInputSchema>;

const metadataSchema = z
  .record(
    z.string().max(64, 'a metadata key must be at most 64 characters'),
    z.string({ message: 'metadata values must be strings' }).max(512, 'a metadata value must be at most 512 characters'),
    { message: 'metadata must be an object of strings' },
  )
  .refine((metadata) => Object.keys(metadata).length <= ASSISTANT_METADATA_KEYS_MAX, `metadata holds at most ${ASSISTANT_METADATA_KEYS_MAX} keys`);

const text = (field: string, max: number) => z.string({ message: `${field} must be a string` }).max(max, `${field} must be at most ${max} characters`).nullish();

const assistantFields = {
  name: text('name', ASSISTANT_NAME_MAX),
  description: text('description', ASSISTANT_DESCRIPTION_MAX),
  instructions: text('instructions', ASSISTANT_INSTRUCTIONS_MAX),
  tools: z.array(assistantToolInputSchema, { message: 'tools must be a list' }).max(ASSISTANT_TOOLS_MAX, `an assistant has at most ${ASSISTANT_TOOLS_MAX} tools`).optional(),
  file_ids: z
    .array(z.string({ message: 'file_ids must be a list of file ids' }).min(1).max(200), { message: 'file_ids must be a list of file ids' })
    .max(ASSISTANT_FILES_MAX, `an assistant has at most ${ASSISTANT_FILES_MAX} files`)
    .optional(),
  metadata: metadataSchema.nullish(),
};

/** POST /api/assistants (LibreChat's AssistantCreateParams). */
export const assistantCreateRequestSchema = z.object({
  model: z.string({ message: 'model is required' }).trim().min(1, 'model is required'),
  ...assistantFields,
});

/** PATCH /api/assistants/:id: every field optional; an absent one keeps its value. */
export const assistantUpdateRequestSchema = z.object({
  model: z.string({ message: 'model must be a string' }).trim().min(1, 'model must not be empty').optional(),
  ...assistantFields,
});

export type AssistantCreateRequest = z.input<typeof assistantCreateRequestSchema>;
export type AssistantUpdateRequest = z.input<typeof assistantUpdateRequestSchema>;

const cursor = z.string().min(1).max(200);

/** GET /api/assistants query: OpenAI's paging (defaults: newest first, 20). */
export const assistantListQuerySchema = z
  .object({
    order: z.enum(['asc', 'desc'], { message: "order must be 'asc' or 'desc'" }).default('desc'),
    limit: z.coerce
      .number({ message: 'limit must be a number from 1 to 100' })
      .int('limit must be a number from 1 to 100')
      .min(1, 'limit must be a number from 1 to 100')
      .max(100, 'limit must be a number from 1 to 100')
      .default(20),
    after: cursor.optional(),
    before: cursor.optional(),
  })
  .refine((query) => !(query.after && query.before), { message: 'set after or before, not both', path: ['before'] });
