import { z } from 'zod';

/**
 * The environment chatbox's core reads (names as in LibreChat's .env). Parsed once at boot; every value
 * has a default so that a start with nothing set works. Provider plugins declare their own variables.
 */
const flag = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? fallback : /^(1|true|yes|on)$/i.test(value.trim())));

const number = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === '') return fallback;
      const parsed = Number(value);
      if (!Number.isFinite(parsed) || parsed < 0) {
        context.addIssue({ code: 'custom', message: `expected a non-negative number, got "${value}"` });
        return z.NEVER;
      }
      return parsed;
    });

const text = (fallback?: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? fallback : value.trim()));

/** An http(s) base URL, checked at boot so a typo stops the start instead of failing every upload. */
const httpUrl = () =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === '') return undefined;
      const url = URL.canParse(value.trim()) ? new URL(value.trim()) : undefined;
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
        context.addIssue({ code: 'custom', message: `expected an http(s) URL, got "${value}"` });
        return z.NEVER;
      }
      return value.trim();
    });

export const envSchema = z.object({
  /** librechat.yaml location: a file path or an http(s) URL. Unset: ./librechat.yaml when present. */
  CONFIG_PATH: text(),
  APP_TITLE: text('chatbox'),
  CUSTOM_FOOTER: text(),
  HELP_AND_FAQ_URL: text(),
  ALLOW_REGISTRATION: flag(true),
  ALLOW_EMAIL_LOGIN: flag(true),
  ALLOW_SOCIAL_LOGIN: flag(false),
  ALLOW_SOCIAL_REGISTRATION: flag(false),
  DOMAIN_CLIENT: text(),
  DOMAIN_SERVER: text(),
  CHECK_BALANCE: flag(false),
  START_BALANCE: number(0),
  SHOW_BIRTHDAY_ICON: flag(false),
  TITLE_CONVO: flag(true),
  /** Users may share conversations as read-only links (LibreChat's switch). Off: every /api/share route answers 403. */
  ALLOW_SHARED_LINKS: flag(true),
  /** Anyone with a link may open it; off: only signed-in users may. */
  ALLOW_SHARED_LINKS_PUBLIC: flag(true),

  EMAIL_SERVICE: text(),
  EMAIL_HOST: text(),
  EMAIL_PORT: number(25),
  EMAIL_ENCRYPTION: text(),
  EMAIL_ENCRYPTION_HOSTNAME: text(),
  EMAIL_ALLOW_SELFSIGNED: flag(false),
  EMAIL_USERNAME: text(),
  EMAIL_PASSWORD: text(),
  EMAIL_FROM: text('noreply@chatbox.local'),
  EMAIL_FROM_NAME: text(),
  /**
   * Without SMTP, hand the password-reset link to whoever asks for it (LibreChat's behaviour, which lets
   * anyone who knows an email take over that account). Off: users ask the administrator instead.
   */
  ALLOW_UNVERIFIED_PASSWORD_RESET_LINK: flag(false),

  JWT_SECRET: text(),
  JWT_REFRESH_SECRET: text(),
  CREDS_KEY: text(),
  /** Access token lifetime in ms (15 minutes). */
  SESSION_EXPIRY: number(15 * 60 * 1000),
  /** Refresh token lifetime in ms (7 days). */
  REFRESH_TOKEN_EXPIRY: number(7 * 24 * 60 * 60 * 1000),
  /** On SIGTERM/SIGINT, how long in ms running replies may go on before they are stopped and saved, and the process exits. */
  SHUTDOWN_TIMEOUT_MS: number(10_000),

  LOGIN_MAX: number(7),
  LOGIN_WINDOW: number(5),
  /** ms: after a few failed logins for one account, each attempt for it waits this long, doubling up to 16 times as long. 0: off. */
  LOGIN_ACCOUNT_DELAY: number(1000),
  REGISTER_MAX: number(5),
  REGISTER_WINDOW: number(60),
  RESET_PASSWORD_MAX: number(2),
  RESET_PASSWORD_WINDOW: number(2),
  BAN_VIOLATIONS: flag(true),
  BAN_DURATION: number(1000 * 60 * 60 * 2),
  BAN_INTERVAL: number(20),
  LOGIN_VIOLATION_SCORE: number(1),
  REGISTRATION_VIOLATION_SCORE: number(1),
  LIMIT_CONCURRENT_MESSAGES: flag(true),
  CONCURRENT_MESSAGE_MAX: number(2),
  LIMIT_MESSAGE_IP: flag(true),
  MESSAGE_IP_MAX: number(40),
  MESSAGE_IP_WINDOW: number(1),
  LIMIT_MESSAGE_USER: flag(false),
  MESSAGE_USER_MAX: number(40),
  MESSAGE_USER_WINDOW: number(1),
  /** Uploads (every POST under /api/files) per IP and per user in a window of minutes; yaml `rateLimits.fileUploads` wins. */
  FILE_UPLOAD_IP_MAX: number(100),
  FILE_UPLOAD_IP_WINDOW: number(15),
  FILE_UPLOAD_USER_MAX: number(50),
  FILE_UPLOAD_USER_WINDOW: number(15),
  /** Conversation imports (POST /api/convos/import): the largest file in bytes, and imports per IP and per user in a window of minutes (LibreChat's). */
  CONVERSATION_IMPORT_MAX_FILE_SIZE_BYTES: number(262144000),
  IMPORT_IP_MAX: number(100),
  IMPORT_IP_WINDOW: number(15),
  IMPORT_USER_MAX: number(50),
  IMPORT_USER_WINDOW: number(15),
  IMPORT_VIOLATION_SCORE: number(1),

  // The providers' variables (OPENAI_API_KEY, GOOGLE_KEY …) are declared by their plugins
  // (ProviderDiscovery.environment) and read from ChatboxConfig.rawEnv when endpoints are discovered.
  /** A comma list limiting and ordering the endpoints, as in LibreChat. */
  ENDPOINTS: text(),

  GITHUB_CLIENT_ID: text(),
  GITHUB_CLIENT_SECRET: text(),
  GITHUB_CALLBACK_URL: text('/oauth/github/callback'),
  GOOGLE_CLIENT_ID: text(),
  GOOGLE_CLIENT_SECRET: text(),
  GOOGLE_CALLBACK_URL: text('/oauth/google/callback'),
  DISCORD_CLIENT_ID: text(),
  DISCORD_CLIENT_SECRET: text(),
  DISCORD_CALLBACK_URL: text('/oauth/discord/callback'),
  FACEBOOK_CLIENT_ID: text(),
  FACEBOOK_CLIENT_SECRET: text(),
  FACEBOOK_CALLBACK_URL: text('/oauth/facebook/callback'),
  OPENID_CLIENT_ID: text(),
  OPENID_CLIENT_SECRET: text(),
  OPENID_ISSUER: text(),
  OPENID_SCOPE: text('openid profile email'),
  OPENID_CALLBACK_URL: text('/oauth/openid/callback'),
  OPENID_BUTTON_LABEL: text(),
  OPENID_IMAGE_URL: text(),

  SEARCH: flag(true),
  MONGO_URI: text(),
  MEILI_HOST: text(),
  MEILI_MASTER_KEY: text(),

  /**
   * Redis (LibreChat's names): with REDIS_URI (redis:// or rediss:// for TLS) the state several instances
   * must share (rate limits, the abort registry, title handoff, revocations, outbox leadership, the
   * concurrency limit) lives there. USE_REDIS=false turns it off with the URI still set, as in LibreChat.
   */
  USE_REDIS: flag(true),
  REDIS_URI: text(),
  /** Put before every key (and channel), so several deployments can share one Redis. */
  REDIS_KEY_PREFIX: text(''),
  /** A CA certificate file for rediss:// against a private CA. */
  REDIS_CA: text(),

  /**
   * LibreChat's RAG API (http(s) base URL, set by the operator, so a private or loopback address is
   * fine): documents attached to chats are embedded and queried there instead of chatbox's own index.
   */
  RAG_API_URL: httpUrl(),
  /** With RAG_API_URL: a turn gets each document's whole text (GET /documents/<id>/context), not passages. */
  RAG_USE_FULL_CONTEXT: flag(false),

  /** The code interpreter (assistants): how long one program may run, in ms. */
  CODE_INTERPRETER_TIMEOUT_MS: number(30_000),
  /** Its memory limit for Python, in MB; a program asking for more gets MemoryError. */
  CODE_INTERPRETER_MEMORY_MB: number(512),
  /** How much of stdout and of stderr a run keeps, in bytes each. */
  CODE_INTERPRETER_OUTPUT_BYTES: number(64 * 1024),
  /** Interpreters kept loaded for the next runs (each a process of about 200 MB). */
  CODE_INTERPRETER_WARM_WORKERS: number(1),
  /** Programs running at once (each a process of about 200 MB); more wait their turn. */
  CODE_INTERPRETER_MAX_RUNNING: number(2),
  /**
   * The model assistants' `image_vision` tool describes a thread's images with, for a run on a model
   * that cannot see them, on the assistants endpoint's connection. LibreChat v0.7.1 had this model
   * hard-coded (gpt-4-vision-preview); chatbox keeps it as the default.
   */
  ASSISTANTS_VISION_MODEL: text(),
  /**
   * Other endpoints whose models assistants may use (a comma list of endpoint names), when the yaml's
   * `endpoints.assistants.modelsFrom` does not say. Without an assistants key it alone turns the
   * assistants endpoint on, with the lent models only.
   */
  ASSISTANTS_MODELS_FROM: text(),
  /**
   * A Pyodide package index (a mirror of https://cdn.jsdelivr.net/pyodide/v<version>/full/): programs
   * may then import its packages (numpy, pandas, matplotlib …), fetched before the program runs and
   * cached in the data directory. Unset: the standard library only, nothing is downloaded.
   */
  CHATBOX_PYODIDE_INDEX_URL: httpUrl(),
});

export type ServerEnv = z.output<typeof envSchema>;
