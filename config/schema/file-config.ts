import { z } from 'zod';

const megabytes = z.number().nonnegative();

/**
 * A MIME pattern is a regular expression source. A bad one does not stop the file from loading (LibreChat
 * loads it too): core/files skips it when it compiles the patterns and warns with its text.
 */
const mimePatternSchema = z.string();

/** Upload rules of one endpoint (`assistants`, `openAI`, `default`, `custom` …). */
export const endpointFileConfigSchema = z.strictObject({
  disabled: z.boolean().optional(),
  fileLimit: z.number().int().nonnegative().optional(),
  /** MB per file. */
  fileSizeLimit: megabytes.optional(),
  /** MB per request. */
  totalSizeLimit: megabytes.optional(),
  supportedMimeTypes: z.array(mimePatternSchema).optional(),
});

/** LibreChat (config 1.1+): how large generated images are drawn in the chat. */
const imageGenerationSchema = z.strictObject({
  percentage: z.number().min(0).max(100).optional(),
  px: z.number().nonnegative().optional(),
});

/** LibreChat (config 1.2+): the browser shrinks images before it uploads them. */
const clientImageResizeSchema = z.strictObject({
  enabled: z.boolean().optional(),
  maxWidth: z.number().nonnegative().optional(),
  maxHeight: z.number().nonnegative().optional(),
  quality: z.number().min(0).max(1).optional(),
  compressFormat: z.enum(['jpeg', 'webp']).optional(),
});

/** `fileConfig`: merged over the built-in defaults (core/files) and served as written at `/api/files/config`. */
export const fileConfigSchema = z.strictObject({
  endpoints: z.record(z.string(), endpointFileConfigSchema).optional(),
  /** MB, applies to every upload whatever the endpoint says. */
  serverFileSizeLimit: megabytes.optional(),
  /** MB. */
  avatarSizeLimit: megabytes.optional(),
  /** chatbox's own: MB one user may store in all; unset means no quota (LibreChat has none). */
  userStorageLimit: megabytes.optional(),
  imageGeneration: imageGenerationSchema.optional(),
  clientImageResize: clientImageResizeSchema.optional(),
});

export type EndpointFileConfig = z.output<typeof endpointFileConfigSchema>;
export type FileConfig = z.output<typeof fileConfigSchema>;
