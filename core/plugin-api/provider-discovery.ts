import type { SettingsSchema } from './settings-schema.js';

/**
 * One endpoint a provider plugin finds turned on by the environment and librechat.yaml. Core sets up
 * `plugin` with `settings` and offers the result in /api/endpoints under `name`, with the fields below.
 */
export interface EndpointCandidate {
  /** Its name in /api/endpoints: 'openAI', 'anthropic', … or a custom endpoint's configured name. */
  name: string;
  /** The provider plugin that serves it, when not the plugin that found it. */
  plugin?: string;
  /**
   * A custom endpoint whose librechat.yaml `provider` (config 1.3) names another client: when a
   * registered provider plugin of that name has `customEndpoint`, core has that plugin serve it with
   * the settings it makes of the entry; otherwise the plugin that found it serves it with `settings`.
   */
  requestedProvider?: { name: string; entry: CustomEndpointEntry };
  /** Handed to that plugin's configSchema, then its setup. */
  settings: unknown;
  /** 'custom' for librechat.yaml custom endpoints; unset for built-in ones. */
  type?: 'custom';
  /** Each user brings their own key (the key was `user_provided`). */
  userProvide: boolean;
  /** Each user brings their own base URL (the baseURL was `user_provided`). */
  userProvideURL: boolean;
  /** Azure OpenAI: deployments and API versions instead of model names. */
  azure?: boolean;
  /** librechat.yaml iconURL of a custom endpoint. */
  iconURL?: string;
  /** librechat.yaml modelDisplayLabel of a custom endpoint. */
  modelDisplayLabel?: string;
  /** The endpoint's own titleConvo (core lays `endpoints.all` over it). */
  titleConvo?: boolean;
  /** The endpoint's own titleModel (core lays `endpoints.all` over it). */
  titleModel?: string;
  /** The endpoint's own streamRate in ms (core lays `endpoints.all` over it). */
  streamRate?: number;
  /** librechat.yaml customOrder; unset: the catalogue's default order, then the order found. */
  order?: number;
  /** librechat.yaml timeoutMs: longest upstream silence before a turn fails. */
  timeoutMs?: number;
  /**
   * The name a user's own key is saved under, when not the endpoint's (LibreChat's client saves the
   * plugins endpoint's key as `openAI`).
   */
  keyName?: string;
}

/**
 * One librechat.yaml `endpoints.custom` entry as config validated it, every key it was written with
 * kept (a plugin picks what it uses). The fields listed are the ones chatbox reads.
 */
export interface CustomEndpointEntry {
  [key: string]: unknown;
  /** The endpoint's name in /api/endpoints. */
  name: string;
  /** The key, or `user_provided` (each user brings one). */
  apiKey: string;
  /** The base URL, or `user_provided`. */
  baseURL: string;
  /** Which client talks to the endpoint (config 1.3): a provider plugin's name; unset or `openai`: OpenAI-compatible. */
  provider?: string;
  /** `default`: the models offered (other keys, such as `fetch`, as written). */
  models: { [key: string]: unknown; default: string[] };
  /** Extra request headers. */
  headers?: Record<string, string>;
  iconURL?: string;
  modelDisplayLabel?: string;
  customOrder?: number;
  timeoutMs?: number;
  titleConvo?: boolean;
  titleModel?: string;
  streamRate?: number;
}

/** What a provider plugin reads to find its endpoints, each part parsed by its own schema. */
export interface DiscoverySource<TEnv, TYaml> {
  /** The plugin's environment variables, parsed by its `environment` schema. */
  env: TEnv;
  /** librechat.yaml's `endpoints.<yamlKey>` (already validated by config), parsed by its `yaml` schema; undefined when absent. */
  yaml: TYaml | undefined;
}

/**
 * How a provider plugin says which endpoints the configuration turns on. Core loops over the
 * registered provider plugins, so a new provider adds its endpoints without touching core or config.
 */
export interface ProviderDiscovery<TEnv = unknown, TYaml = unknown> {
  /**
   * The environment variables the plugin reads (OPENAI_API_KEY, …), as a schema over the whole
   * process environment (a non-strict zod object of optional strings fits); parsed at start, its
   * issues reported as an invalid environment.
   */
  environment: SettingsSchema<TEnv>;
  /** The key of its section under librechat.yaml `endpoints` ('openAI', 'custom' …). */
  yamlKey: string;
  /** Reads that section: config has validated it already, this schema picks what the plugin uses. */
  yaml: SettingsSchema<TYaml>;
  /** The endpoints turned on, in the order the plugin finds them; pure, sets nothing up. */
  discover(source: DiscoverySource<TEnv, TYaml>): EndpointCandidate[];
  /**
   * Set when the plugin can also serve a librechat.yaml custom endpoint whose `provider` is the
   * plugin's name (`provider: anthropic`): the plugin's settings (for its configSchema) for that one
   * entry. This is how a new provider is served under a name of the operator's choosing, with no
   * change to core, config or the endpoint catalogue; pure, sets nothing up.
   */
  customEndpoint?(entry: CustomEndpointEntry): unknown;
}
