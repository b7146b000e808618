import { z } from 'zod';

const required = (name: string) =>
  z
    .string({ error: `${name} is required for fileStrategy: s3` })
    .trim()
    .min(1, `${name} is required for fileStrategy: s3`);

const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/**
 * Settings of the `s3` file storage: the environment variables LibreChat names, as core passes them.
 * - `AWS_REGION`, `AWS_BUCKET_NAME`: required.
 * - `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`: both or neither; neither uses the SDK's default
 *   credential chain (an instance role, ~/.aws), as LibreChat does.
 * - `AWS_ENDPOINT_URL`: an S3-compatible store (MinIO, Cloudflare R2 …); addressed path-style.
 */
export const s3FileStorageSettingsSchema = z
  .object({
    AWS_REGION: required('AWS_REGION'),
    AWS_BUCKET_NAME: required('AWS_BUCKET_NAME'),
    AWS_ACCESS_KEY_ID: optional,
    AWS_SECRET_ACCESS_KEY: optional,
    AWS_ENDPOINT_URL: optional.pipe(z.url({ error: 'AWS_ENDPOINT_URL must be an http(s) URL', protocol: /^https?$/ }).optional()),
  })
  .superRefine((settings, context) => {
    if (Boolean(settings.AWS_ACCESS_KEY_ID) === Boolean(settings.AWS_SECRET_ACCESS_KEY)) return;
    const missing = settings.AWS_ACCESS_KEY_ID ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID';
    const present = missing === 'AWS_ACCESS_KEY_ID' ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID';
    context.addIssue({ code: 'custom', path: [missing], message: `${missing} is required when ${present} is set (fileStrategy: s3)` });
  })
  .transform((settings) => ({
    region: settings.AWS_REGION,
    bucket: settings.AWS_BUCKET_NAME,
    credentials: settings.AWS_ACCESS_KEY_ID && settings.AWS_SECRET_ACCESS_KEY ? { accessKeyId: settings.AWS_ACCESS_KEY_ID, secretAccessKey: settings.AWS_SECRET_ACCESS_KEY } : undefined,
    endpoint: settings.AWS_ENDPOINT_URL,
  }));

export type S3FileStorageSettings = z.output<typeof s3FileStorageSettingsSchema>;
