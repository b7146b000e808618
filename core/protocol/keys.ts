import { z } from 'zod';

/** The expiry choices of the key dialog (spec 000 §9), in milliseconds; 12 hours is the default. */
export const keyExpiryOptions = [
  { label: '30 minutes', milliseconds: 30 * 60 * 1000 },
  { label: '2 hours', milliseconds: 2 * 60 * 60 * 1000 },
  { label: '12 hours', milliseconds: 12 * 60 * 60 * 1000 },
  { label: '1 day', milliseconds: 24 * 60 * 60 * 1000 },
  { label: '7 days', milliseconds: 7 * 24 * 60 * 60 * 1000 },
  { label: '30 days', milliseconds: 30 * 24 * 60 * 60 * 1000 },
] as const;

export const defaultKeyExpiryMilliseconds = keyExpiryOptions[2].milliseconds;

/** A key is named after its endpoint (openAI, azureOpenAI, a custom endpoint's name …). */
export const keyNameSchema = z
  .string({ message: 'name is required' })
  .min(1, 'name is required')
  .max(100, 'name must be at most 100 characters');

/**
 * PUT /api/keys. The value is opaque: a plain key, or the JSON some endpoints need ({apiKey, baseURL}
 * for custom endpoints, the azureOpenAI* fields for Azure, a Google service account). `expiresAt` must
 * be sent: an ISO time in the future, or null for a key that never expires.
 */
export const saveKeyRequestSchema = z.object({
  name: keyNameSchema,
  value: z
    .string({ message: 'value is required' })
    .refine((value) => value.trim() !== '', 'value is required')
    .refine((value) => value.length <= 32_768, 'value must be at most 32768 characters'),
  expiresAt: z
    .iso.datetime({ offset: true, message: 'expiresAt must be an ISO date (or null for no expiry)' })
    .refine((value) => Date.parse(value) > Date.now(), 'expiresAt must be in the future')
    .nullable(),
});

export type SaveKeyRequest = z.input<typeof saveKeyRequestSchema>;

/**
 * What GET /api/keys answers for a key saved without an expiry. LibreChat's client reads any truthy
 * `expiresAt` as "a key is saved" and null as "no key" (client contract §2.13), so a key that never
 * expires is given the farthest ISO time rather than null, and stays usable from that client too.
 */
export const NEVER_EXPIRES_AT = '9999-12-31T23:59:59.999Z';

/** Answer of GET /api/keys?name=…: the expiry only, never the key. null: no key is saved. */
export interface KeyExpiryResponse {
  expiresAt: string | null;
}
