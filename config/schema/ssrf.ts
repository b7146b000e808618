import { z } from 'zod';

/**
 * A host name or IP address, optionally `*.example.com` for every subdomain. A URL is refused
 * because the guard compares hosts, and a pasted `https://…` would silently never match.
 */
const hostSchema = z
  .string()
  .min(1)
  .refine((host) => !/[/\s]|:\/\//.test(host), { error: 'expected a host name such as api.example.com, not a URL' });

/**
 * `ssrf` (chatbox only): hosts that outbound calls to user-supplied URLs (a user's baseURL,
 * actions, web tools) may reach even when they resolve to a private or loopback address.
 */
export const ssrfSchema = z.strictObject({
  allowedHosts: z.array(hostSchema).default([]),
});

export type SsrfConfig = z.output<typeof ssrfSchema>;
