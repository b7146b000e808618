import { z } from 'zod';

const required = (name: string) =>
  z
    .string({ error: `${name} is required for fileStrategy: firebase` })
    .trim()
    .min(1, `${name} is required for fileStrategy: firebase`);

/**
 * Settings of the `firebase` file storage: the environment variables LibreChat reads (all six are
 * required, as LibreChat initialises Firebase only when every one is set), plus
 * FIREBASE_STORAGE_EMULATOR_HOST (`host:port`, the name Firebase's own tooling uses) to talk to the
 * Storage emulator or a test double instead of Google's servers.
 */
export const firebaseFileStorageSettingsSchema = z.object({
  FIREBASE_API_KEY: required('FIREBASE_API_KEY'),
  FIREBASE_AUTH_DOMAIN: required('FIREBASE_AUTH_DOMAIN'),
  FIREBASE_PROJECT_ID: required('FIREBASE_PROJECT_ID'),
  FIREBASE_STORAGE_BUCKET: required('FIREBASE_STORAGE_BUCKET'),
  FIREBASE_MESSAGING_SENDER_ID: required('FIREBASE_MESSAGING_SENDER_ID'),
  FIREBASE_APP_ID: required('FIREBASE_APP_ID'),
  FIREBASE_STORAGE_EMULATOR_HOST: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^[^:/\s]+:\d+$/.test(value), 'FIREBASE_STORAGE_EMULATOR_HOST must be host:port'),
});

export type FirebaseFileStorageSettings = z.output<typeof firebaseFileStorageSettingsSchema>;
