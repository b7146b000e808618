import { z } from 'zod';
import { headersSchema, modelListSchema, titleMethodSchema } from '../common.js';

export const assistantCapabilities = ['code_interpreter', 'image_vision', 'retrieval', 'actions', 'tools'] as const;

export type AssistantCapability = (typeof assistantCapabilities)[number];

const idListSchema = z.array(z.string().min(1)).min(1);

/** `endpoints.assistants`: chatbox's assistants (their model connection, builder and capabilities; see core/assistants). */
export const assistantsEndpointSchema = z
  .strictObject({
    /** Hide the assistant builder panel (users can still chat with existing assistants). */
    disableBuilder: z.boolean().optional(),
    pollIntervalMs: z.number().positive().optional(),
    timeoutMs: z.number().positive().optional(),
    /** Only these assistant ids are listed… */
    supportedIds: idListSchema.optional(),
    /** …or every assistant except these. */
    excludedIds: idListSchema.optional(),
    /** Models that may use the retrieval tool. */
    retrievalModels: z.array(z.string().min(1)).min(1).optional(),
    capabilities: z.array(z.enum(assistantCapabilities)).default([...assistantCapabilities]),
    /**
     * chatbox's own: other configured endpoints (`anthropic`, `google`, a custom endpoint's name …)
     * whose models assistants may also use, after this endpoint's own. LibreChat's schema drops the
     * key, so a file with it still loads there. Checked at start against the configured endpoints.
     * Without an apiKey (nor ASSISTANTS_API_KEY) it alone turns the endpoint on, with the lent models only.
     */
    modelsFrom: z.array(z.string().trim().min(1)).min(1).optional(),
    apiKey: z.string().optional(),
    baseURL: z.string().optional(),
    models: modelListSchema.optional(),
    titleConvo: z.boolean().optional(),
    titleMethod: titleMethodSchema.optional(),
    titleModel: z.string().optional(),
    headers: headersSchema.optional(),
  })
  .refine((assistants) => !(assistants.supportedIds && assistants.excludedIds), {
    error: 'set either supportedIds or excludedIds, not both',
    path: ['excludedIds'],
  });

export type AssistantsEndpointConfig = z.output<typeof assistantsEndpointSchema>;
