import { z } from 'zod';

const positive = z.number().positive();

/** `rateLimits`: only file uploads are limited from the yaml; the other limiters read the environment. */
export const rateLimitsSchema = z.strictObject({
  fileUploads: z
    .strictObject({
      ipMax: positive.optional(),
      ipWindowInMinutes: positive.optional(),
      userMax: positive.optional(),
      userWindowInMinutes: positive.optional(),
    })
    .optional(),
});

export type RateLimitsConfig = z.output<typeof rateLimitsSchema>;
