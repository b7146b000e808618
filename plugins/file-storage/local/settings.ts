import { z } from 'zod';

/**
 * Settings of the `local` file storage.
 * - `uploadsDir`: the folder that holds one folder per user; core passes `<dataDir>/uploads`.
 */
export const localFileStorageSettingsSchema = z.object({
  uploadsDir: z.string().min(1),
});

export type LocalFileStorageSettings = z.output<typeof localFileStorageSettingsSchema>;
