import { ConfigError, type ConfigIssue } from '../../config/index.js';
import type { ChatboxConfig } from '../../config/types.js';
import type { ConfiguredEndpoint } from '../endpoints/configured-endpoint.js';
import { builtInEndpointNames, catalogueEntry } from '../protocol/endpoint-catalogue.js';

/** The endpoint names `endpoints.assistants.modelsFrom` (else ASSISTANTS_MODELS_FROM) lists, and where, for error paths. */
interface ModelsFromSetting {
  names: readonly string[];
  /** The path of the whole list; a yaml list gets `[index]` per name. */
  path: string;
  fromYaml: boolean;
}

function modelsFromSetting(config: ChatboxConfig): ModelsFromSetting | undefined {
  const fromYaml = config.yaml.endpoints?.assistants?.modelsFrom;
  if (fromYaml) return { names: fromYaml, path: 'endpoints.assistants.modelsFrom', fromYaml: true };
  const fromEnv = config.env.ASSISTANTS_MODELS_FROM?.split(',').map((name) => name.trim()).filter(Boolean);
  return fromEnv?.length ? { names: fromEnv, path: 'ASSISTANTS_MODELS_FROM', fromYaml: false } : undefined;
}

/**
 * An endpoint speaks a chat API with tool calls when the catalogue gives it a family (OpenAI-like,
 * Anthropic, Google, custom); bingAI and chatGPTBrowser chat through a web session that takes no
 * tools, and assistants run on tools.
 */
function callsTools(entry: ConfiguredEndpoint): boolean {
  return catalogueEntry(entry.type === 'custom' ? 'custom' : entry.name)?.family !== undefined;
}

/** Why `name` cannot lend its models to assistants, or undefined when it can. */
function problemOf(name: string, own: string, endpoints: ReadonlyMap<string, ConfiguredEndpoint>, config: ChatboxConfig): string | undefined {
  if (name === own) return 'the assistants endpoint offers its own models first anyway: name other endpoints here';
  const entry = endpoints.get(name);
  if (entry) return callsTools(entry) ? undefined : `the ${name} endpoint cannot call tools, which assistants run on: name an endpoint with a chat API (openAI, azureOpenAI, google, anthropic or a custom endpoint)`;
  const customNames = (config.yaml.endpoints?.custom ?? []).map((custom) => custom.name);
  if (builtInEndpointNames.includes(name) || customNames.includes(name)) {
    return `the ${name} endpoint is not turned on (its key is not set, or ENDPOINTS leaves it out)`;
  }
  const known = [...endpoints.keys()].filter((other) => other !== own);
  return `"${name}" is no endpoint of this server (names are case-sensitive); configured: ${known.length ? known.join(', ') : 'none besides assistants'}`;
}

/**
 * The endpoints whose models assistants may use besides their own (modelsFrom), in the order
 * named, checked against the endpoints the server set up. A name that is unknown, off, the
 * assistants endpoint itself or an endpoint that cannot call tools is a ConfigError naming its
 * path: the start stops, as for any other configuration mistake. `own`: the assistants endpoint's name.
 */
export function offeredEndpoints(config: ChatboxConfig, endpoints: ReadonlyMap<string, ConfiguredEndpoint>, own: string): ConfiguredEndpoint[] {
  const setting = modelsFromSetting(config);
  if (!setting) return [];
  const issues: ConfigIssue[] = [];
  const offered: ConfiguredEndpoint[] = [];
  setting.names.forEach((name, index) => {
    const problem = problemOf(name, own, endpoints, config);
    const entry = endpoints.get(name);
    if (problem) issues.push({ path: setting.fromYaml ? `${setting.path}[${index}]` : setting.path, message: problem });
    else if (entry && !offered.includes(entry)) offered.push(entry);
  });
  if (issues.length > 0) throw new ConfigError(issues, 'Assistants cannot use the models of the endpoints named');
  return offered;
}

/** True when the configuration names endpoints for assistants (whether or not the assistants endpoint is on). */
export function namesModelsFrom(config: ChatboxConfig): boolean {
  return modelsFromSetting(config) !== undefined;
}
