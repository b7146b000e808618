import { z } from 'zod';

/**
 * `actions` (LibreChat's later key, v0.7.6+): `allowedDomains` lists the domains OpenAPI actions may
 * call. Empty (the default): any public domain, every request through the SSRF guard. Set: only these,
 * and they may be private addresses (an intranet API). An entry is `host`, `*.domain` (its
 * subdomains), optionally with `http://` or `https://` (only that scheme) and `:port` (only that port).
 */
export const actionsSchema = z.object({
  allowedDomains: z
    .array(
      z
        .string()
        .min(1)
        .regex(/^(?:https?:\/\/)?(?:\*\.)?[a-zA-Z0-9.\-[\]:]+$/, { error: 'expected a domain such as api.example.com, *.example.com or https://api.example.com:8443' }),
    )
    .default([]),
});

export type ActionsConfig = z.output<typeof actionsSchema>;
