import { z } from 'zod';

/** A footer link; both fields are optional in LibreChat 1.0.6, so a bare `privacyPolicy: {}` stays valid. */
const footerLinkSchema = z.strictObject({
  externalUrl: z.string().optional(),
  openNewTab: z.boolean().optional(),
});

/**
 * `interface`: footer links and the switches of the chat screen's controls, passed to the client
 * through `/api/config`. A switch left out takes LibreChat's default (see `resolveInterface` in
 * core/routes/config), which depends on whether `modelSpecs` is set.
 */
export const interfaceSchema = z.strictObject({
  privacyPolicy: footerLinkSchema.optional(),
  termsOfService: footerLinkSchema.optional(),
  /** Replaces the landing page's greeting; `{{user.name}}` is the signed-in user's name. */
  customWelcome: z.string().optional(),
  /** The endpoint list of the header picker (model specs stay). */
  endpointsMenu: z.boolean().optional(),
  /** The model choice in the header's settings. */
  modelSelect: z.boolean().optional(),
  /** The tuning parameters in the header's settings. */
  parameters: z.boolean().optional(),
  /** The right side panel. */
  sidePanel: z.boolean().optional(),
  /** The presets menu. */
  presets: z.boolean().optional(),
});

export type InterfaceConfig = z.output<typeof interfaceSchema>;
