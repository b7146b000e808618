import type { ChatProvider } from '../plugin-api/index.js';

/** One chat endpoint offered to users: a set-up provider plus what /api/endpoints tells the client. */
export interface ConfiguredEndpoint {
  /** 'openAI', 'anthropic', … or a custom endpoint's name. */
  name: string;
  /** 'custom' for librechat.yaml custom endpoints. */
  type?: string;
  order: number;
  userProvide: boolean;
  userProvideURL: boolean;
  iconURL?: string;
  modelDisplayLabel?: string;
  azure?: boolean;
  /** Title new conversations (librechat.yaml titleConvo; on unless turned off). */
  titleConvo?: boolean;
  /** The model that writes titles; the conversation's model when unset. */
  titleModel?: string;
  /** librechat.yaml streamRate: milliseconds to wait after each streamed chunk (none when unset). */
  streamRate?: number;
  /** Longest silence from the upstream before a turn fails (librechat.yaml `timeoutMs`); the server's default when unset. */
  timeoutMs?: number;
  /** The name a user's own key is saved under, when not `name` (gptPlugins: `openAI`). */
  keyName?: string;
  provider: ChatProvider;
}
