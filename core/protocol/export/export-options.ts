/**
 * The options block of an export: LibreChat v0.7.1's `cleanupPreset(conversation)`, i.e. `presetId:
 * null`, the endpoint's settings as its client parses them (`parseConvo`: the schema's fields in its
 * order, defaults filled in), then `endpoint`, `endpointType` and `title`. Kept in LibreChat's order
 * and with its defaults, not chatbox's panel defaults, so the files read the same in both apps.
 */

export type ExportOptionsBlock = Record<string, unknown>;

type Defaults = readonly (readonly [field: string, fallback: (conversation: Record<string, unknown>) => unknown])[];

const always = (value: unknown) => () => value;

const openAIDefaults: Defaults = [
  ['model', always('gpt-3.5-turbo')],
  ['chatGptLabel', always(null)],
  ['promptPrefix', always(null)],
  ['temperature', always(1)],
  ['top_p', always(1)],
  ['presence_penalty', always(0)],
  ['frequency_penalty', always(0)],
  ['resendFiles', always(true)],
  ['imageDetail', always('auto')],
];

const isGemini = (conversation: Record<string, unknown>) => typeof conversation.model === 'string' && conversation.model.toLowerCase().includes('gemini');

const googleDefaults: Defaults = [
  ['model', always('chat-bison')],
  ['modelLabel', always(null)],
  ['promptPrefix', always(null)],
  ['examples', () => [{ input: { content: '' }, output: { content: '' } }]],
  ['temperature', always(0.2)],
  ['maxOutputTokens', (conversation) => (isGemini(conversation) ? 8192 : 1024)],
  ['topP', always(0.8)],
  ['topK', always(40)],
];

const anthropicDefaults: Defaults = [
  ['model', always('claude-1')],
  ['modelLabel', always(null)],
  ['promptPrefix', always(null)],
  ['temperature', always(1)],
  ['maxOutputTokens', always(4000)],
  ['topP', always(0.7)],
  ['topK', always(5)],
  ['resendFiles', always(true)],
];

const pluginsDefaults: Defaults = [
  ['model', always('gpt-3.5-turbo')],
  ['chatGptLabel', always(null)],
  ['promptPrefix', always(null)],
  ['temperature', always(0.8)],
  ['top_p', always(1)],
  ['presence_penalty', always(0)],
  ['frequency_penalty', always(0)],
  ['tools', () => []],
  ['agentOptions', () => ({ agent: 'functions', skipCompletion: true, model: 'gpt-3.5-turbo', temperature: 0 })],
];

/** Assistants keep only the non-empty ones of these, without defaults. */
const assistantFields = ['model', 'assistant_id', 'instructions', 'promptPrefix'];

const defaultsBySchema: Record<string, Defaults> = {
  openAI: openAIDefaults,
  azureOpenAI: openAIDefaults,
  custom: openAIDefaults,
  google: googleDefaults,
  anthropic: anthropicDefaults,
  gptPlugins: pluginsDefaults,
};

function parsedSettings(schema: string, conversation: Record<string, unknown>): Record<string, unknown> {
  if (schema === 'assistants') {
    return Object.fromEntries(assistantFields.flatMap((field) => (conversation[field] === null || conversation[field] === undefined || conversation[field] === '' ? [] : [[field, conversation[field]]])));
  }
  const defaults = defaultsBySchema[schema] ?? [];
  const settings: Record<string, unknown> = {};
  for (const [field, fallback] of defaults) settings[field] = conversation[field] ?? fallback(conversation);
  // Gemini and PaLM cap their output differently; the parse clamps a stored value to the cap.
  if (schema === 'google' && typeof settings.maxOutputTokens === 'number') settings.maxOutputTokens = Math.min(settings.maxOutputTokens, isGemini(conversation) ? 8192 : 2048);
  return settings;
}

/** A conversation (the API object) as the options block of a text, Markdown or JSON export. */
export function exportOptions(conversation: Record<string, unknown>): ExportOptionsBlock {
  const endpoint = conversation.endpoint;
  const presetId = conversation.presetId ?? null;
  const title = conversation.title ?? 'New Preset';
  if (typeof endpoint !== 'string' || endpoint === '') return { endpoint: null, presetId, title };
  // A custom endpoint is parsed by its type; built-in endpoints carry no endpointType (it stays undefined).
  const endpointType = conversation.endpointType ?? undefined;
  const schema = typeof endpointType === 'string' && endpointType !== '' ? endpointType : endpoint;
  return { presetId, ...parsedSettings(schema, conversation), endpoint, endpointType, title };
}
