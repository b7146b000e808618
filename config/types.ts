import type { BalanceSettings } from './balance-settings.js';
import type { ServerEnv } from './env.js';
import type { LibreChatConfig } from './schema/index.js';

/** Secrets generated once into the data dir when the environment does not set them. */
export interface Secrets {
  /** Signs access JWTs. */
  jwtSecret: string;
  /** Keys the refresh-token hashes and the social-login state cookies. */
  jwtRefreshSecret: string;
  /** 32 bytes as 64 hex characters: the AES-256-GCM key for user-provided provider keys. */
  credsKey: string;
}

/** Everything buildServer() needs, parsed and validated once at boot. */
export interface ChatboxConfig {
  /** Absolute path of the data directory (SQLite database, secrets, uploads). */
  dataDir: string;
  /** The librechat.yaml that was read, or null when none exists (defaults apply). */
  configPath: string | null;
  yaml: LibreChatConfig;
  env: ServerEnv;
  /**
   * The environment as it was at boot, unparsed: provider plugins parse their own variables from it
   * (ProviderDiscovery.environment), so a new provider adds none here.
   */
  rawEnv: Readonly<Record<string, string | undefined>>;
  secrets: Secrets;
  /** Token credits from CHECK_BALANCE / START_BALANCE and the yaml's `balance`, decided once. */
  balance: BalanceSettings;
  /** Non-fatal problems found while loading (unknown keys, a newer config version, generated secrets). */
  warnings: string[];
}
