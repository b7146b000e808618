import { z } from 'zod';

/** Settings every SDK-based provider shares; spread into each provider's settings schema. */
export const connectionSettingsShape = {
  /** Longest wait for the response headers and longest silence between two streamed parts. */
  timeoutMs: z.number().int().positive().default(300_000),
  /** SDK retries of connection errors, 408/409/429 and 5xx before the first byte. */
  maxRetries: z.number().int().min(0).default(2),
  /** Extra HTTP headers sent with every upstream request. */
  headers: z.record(z.string(), z.string()).default({}),
};
