/**
 * Where LibreChat's librechat.yaml (config 1.0 to 1.3.x) puts its settings, as yaml paths: `*` stands
 * for any one list item or map key, a final `**` for everything below. chatbox reads many of them
 * itself (config/schema/*); a key found here that chatbox's schema does not read is a setting chatbox
 * does not implement: it is listed once at start as "ignored", never an error. A key found neither
 * here nor in the schema is an unknown key (most likely a typo) and gets its own warning.
 */
const sharedEndpointKeys = [
  'streamRate', 'baseURL', 'headers', 'titleConvo', 'titleModel', 'titleMethod', 'titlePrompt',
  'titlePromptTemplate', 'titleEndpoint', 'titleTiming',
];

const assistantsKeys = [
  ...sharedEndpointKeys, 'disableBuilder', 'pollIntervalMs', 'timeoutMs', 'version', 'supportedIds',
  'excludedIds', 'privateAssistants', 'retrievalModels', 'capabilities', 'apiKey', 'models',
];

const customEndpointKeys = [
  ...sharedEndpointKeys, 'name', 'apiKey', 'models', 'summarize', 'summaryModel', 'iconURL', 'forcePrompt',
  'modelDisplayLabel', 'addParams', 'dropParams', 'customParams', 'customOrder', 'directEndpoint',
  'titleMessageRole', 'provider', 'tokenConfig',
];

const azureGroupKeys = [
  'group', 'apiKey', 'serverless', 'instanceName', 'deploymentName', 'assistants', 'addParams', 'dropParams',
  'forcePrompt', 'version', 'baseURL', 'additionalHeaders', 'models',
];

const interfaceKeys = [
  'privacyPolicy', 'termsOfService', 'termsOfService.modalAcceptance', 'termsOfService.modalTitle',
  'termsOfService.modalContent', 'customWelcome', 'mcpServers', 'endpointsMenu', 'modelSelect', 'parameters',
  'sidePanel', 'multiConvo', 'bookmarks', 'memories', 'presets', 'prompts', 'agents', 'temporaryChat',
  'temporaryChatRetention', 'runCode', 'webSearch', 'peoplePicker', 'marketplace', 'fileSearch', 'fileCitations',
];

/** An `mcpServers` entry's keys beyond the transport, timeouts and icon chatbox reads (OAuth, per-user variables, …). */
const mcpServerKeys = [
  'type', 'command', 'args', 'env', 'url', 'headers', 'timeout', 'initTimeout', 'iconPath', 'stderr', 'proxy',
  'serverInstructions', 'requiresOAuth', 'oauth', 'oauth.**', 'oauth_headers', 'oauth_headers.**', 'customUserVars',
  'customUserVars.**', 'chatMenu', 'startup', 'title', 'description', 'apiKey', 'apiKey.**',
];

const topLevelKeys = [
  'version', 'cache', 'ocr', 'webSearch', 'memory', 'scheduledTasks', 'secureImageLinks', 'imageOutputType',
  'includedTools', 'filteredTools', 'mcpServers', 'mcpSettings', 'interface', 'turnstile', 'fileStrategy',
  'fileStrategies', 'actions', 'registration', 'balance', 'transactions', 'speech', 'rateLimits', 'fileConfig',
  'modelSpecs', 'endpoints',
];

const under = (prefix: string, keys: string[]) => keys.map((key) => `${prefix}.${key}`);

export const libreChatKeyPatterns: readonly string[] = [
  ...topLevelKeys,
  ...under('interface', interfaceKeys),
  'registration.socialLogins', 'registration.allowedDomains',
  'rateLimits.fileUploads', 'rateLimits.conversationsImport', 'rateLimits.tts', 'rateLimits.stt',
  // Sections chatbox does not read at all: whatever is inside them is LibreChat's business.
  'fileConfig.**', 'modelSpecs.**', 'speech.**', 'memory.**', 'webSearch.**', 'ocr.**',
  'actions.**', 'turnstile.**', 'transactions.**', 'scheduledTasks.**', 'mcpSettings.**', 'fileStrategies.**',
  ...under('endpoints', ['all', 'openAI', 'google', 'anthropic', 'azureOpenAI', 'azureAssistants', 'assistants', 'agents', 'custom', 'bedrock']),
  ...under('endpoints.all', sharedEndpointKeys),
  ...under('endpoints.openAI', sharedEndpointKeys),
  ...under('endpoints.google', sharedEndpointKeys),
  ...under('endpoints.bedrock', [...sharedEndpointKeys, 'availableRegions']),
  ...under('endpoints.anthropic', [...sharedEndpointKeys, 'vertex', 'vertex.**', 'models']),
  ...under('endpoints.assistants', assistantsKeys),
  ...under('endpoints.azureAssistants', assistantsKeys),
  'endpoints.agents.**',
  ...under('endpoints.custom.*', customEndpointKeys),
  'endpoints.custom.*.models.default', 'endpoints.custom.*.models.fetch', 'endpoints.custom.*.models.userIdQuery',
  'endpoints.custom.*.customParams.**', 'endpoints.custom.*.tokenConfig.**',
  ...under('endpoints.azureOpenAI', [...sharedEndpointKeys, 'groups', 'plugins', 'assistants', 'summarize', 'summaryModel', 'customOrder']),
  ...under('endpoints.azureOpenAI.groups.*', azureGroupKeys),
  ...under('mcpServers.*', mcpServerKeys),
];

/**
 * Settings chatbox's schema checks (so a wrong type is still reported) but does not act on yet:
 * listed as ignored whenever a file sets them. Later issues implement them and take them off.
 */
export const notYetHonouredPatterns: readonly string[] = [
  'secureImageLinks', 'imageOutputType', 'fileConfig.imageGeneration', 'fileConfig.clientImageResize',
  'endpoints.azureOpenAI.plugins', 'endpoints.azureOpenAI.assistants', 'endpoints.azureOpenAI.summarize',
  'endpoints.azureOpenAI.summaryModel', 'endpoints.azureOpenAI.groups.*.assistants',
  'endpoints.azureOpenAI.groups.*.forcePrompt',
  'endpoints.custom.*.summarize', 'endpoints.custom.*.summaryModel', 'endpoints.custom.*.forcePrompt',
];

/** True when `path` (yaml path segments) matches one of `patterns`. */
export function matchesKeyPattern(path: ReadonlyArray<PropertyKey>, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matches(path, pattern.split('.')));
}

function matches(path: ReadonlyArray<PropertyKey>, pattern: string[]): boolean {
  for (const [index, part] of pattern.entries()) {
    if (part === '**') return index < path.length;
    if (index >= path.length) return false;
    if (part !== '*' && part !== String(path[index])) return false;
  }
  return pattern.length === path.length;
}
