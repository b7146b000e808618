import { z } from 'zod';

/** A footer link; both fields are optional in LibreChat 1.0.6, so a bare `privacyPolicy: {}` stays valid. */
const footerLinkSchema = z.strictObject({
  externalUrl: z.string().optional(),
  openNewTab: z.boolean().optional(),
});

/** `interface`: footer links passed to the client through `/api/config`. */
export const interfaceSchema = z.strictObject({
  privacyPolicy: footerLinkSchema.optional(),
  termsOfService: footerLinkSchema.optional(),
});

export type InterfaceConfig = z.output<typeof interfaceSchema>;
