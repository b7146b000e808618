import { z } from 'zod';

const megabytes = z.number().nonnegative();

/** A MIME pattern is a regular expression source; a bad one would otherwise throw on the first upload. */
const mimePatternSchema = z.string().refine(
  (source) => {
    try {
      new RegExp(source);
      return true;
    } catch {
      return false;
    }
  },
  { error: 'not a valid regular expression' },
);

/** Upload rules of one endpoint (`assistants`, `openAI`, `default` or a custom endpoint's name). */
export const endpointFileConfigSchema = z.strictObject({
  disabled: z.boolean().optional(),
  fileLimit: z.number().int().nonnegative().optional(),
  /** MB per file. */
  fileSizeLimit: megabytes.optional(),
  /** MB per request. */
  totalSizeLimit: megabytes.optional(),
  supportedMimeTypes: z.array(mimePatternSchema).optional(),
});

/** `fileConfig`: merged over the built-in defaults and served at `/api/files/config`. */
export const fileConfigSchema = z.strictObject({
  endpoints: z.record(z.string(), endpointFileConfigSchema).optional(),
  /** MB, applies to every upload whatever the endpoint says. */
  serverFileSizeLimit: megabytes.optional(),
  /** MB. */
  avatarSizeLimit: megabytes.optional(),
});

export type EndpointFileConfig = z.output<typeof endpointFileConfigSchema>;
export type FileConfig = z.output<typeof fileConfigSchema>;
