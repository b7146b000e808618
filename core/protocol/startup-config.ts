import type { EndpointOptionsInput } from './preset.js';

export interface FooterLink {
  externalUrl?: string;
  openNewTab?: boolean;
}

/**
 * librechat.yaml `interface` with every switch resolved (LibreChat's defaults: all on, except that
 * model specs turn endpointsMenu, modelSelect, parameters and presets off unless set).
 */
export interface InterfaceSettings {
  privacyPolicy?: FooterLink;
  termsOfService?: FooterLink;
  customWelcome?: string;
  endpointsMenu: boolean;
  modelSelect: boolean;
  parameters: boolean;
  sidePanel: boolean;
  presets: boolean;
}

/** One entry of the curated model picker (librechat.yaml `modelSpecs.list`). */
export interface ModelSpec {
  name: string;
  label: string;
  preset: EndpointOptionsInput & { endpoint: string };
  default?: boolean;
  description?: string;
  /** An image URL, or an endpoint name whose icon to show. */
  iconURL?: string;
  showIconInMenu?: boolean;
  showIconInHeader?: boolean;
  order?: number;
}

export interface ModelSpecs {
  enforce: boolean;
  prioritize: boolean;
  list: ModelSpec[];
}

/** GET /api/config: the startup config of spec 000 §3. */
export interface StartupConfig {
  appTitle: string;
  customFooter?: string;
  /** Absent from answers of servers that predate the switches; the UI then assumes every switch on. */
  interface?: Partial<InterfaceSettings>;
  /** Only when librechat.yaml has `modelSpecs`. */
  modelSpecs?: ModelSpecs;
  socialLogins: string[];
  githubLoginEnabled: boolean;
  googleLoginEnabled: boolean;
  discordLoginEnabled: boolean;
  facebookLoginEnabled: boolean;
  openidLoginEnabled: boolean;
  openidLabel: string;
  openidImageUrl: string;
  socialLoginEnabled: boolean;
  emailLoginEnabled: boolean;
  registrationEnabled: boolean;
  emailEnabled: boolean;
  /** Users can reset their own password (by mail, or by a returned link when the operator opted in); otherwise the administrator does it. */
  passwordResetEnabled: boolean;
  serverDomain: string;
  showBirthdayIcon: boolean;
  checkBalance: boolean;
  /** Users may share conversations as read-only links (ALLOW_SHARED_LINKS); absent from older servers: off. */
  sharedLinksEnabled?: boolean;
  /** A shared link opens signed out (ALLOW_SHARED_LINKS_PUBLIC). */
  publicSharedLinksEnabled?: boolean;
  helpAndFaqURL: string;
  /** Bytes. */
  avatarSizeLimit: number;
  /** Bytes: the largest file POST /api/convos/import takes (CONVERSATION_IMPORT_MAX_FILE_SIZE_BYTES). */
  conversationImportMaxFileSize: number;
  version: string;
}
