import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function` and probes for that when each object schema is
 * made. Under the UI's Content-Security-Policy (no 'unsafe-eval') the probe is reported as a
 * violation even though zod catches it, so the UI's schemas are made without it. This barrel
 * (`@protocol`) is the UI's way in, imported first; the server imports the schema modules directly
 * and keeps zod's compiled parsers.
 */
z.config({ jitless: true });
