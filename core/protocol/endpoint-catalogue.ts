/**
 * What every endpoint name means, in one place that config (reserved names), the server (default
 * order) and the UI (labels, message actions, parameters) all read. Which endpoints are turned on is
 * the provider plugins' business (their `discovery`); this table only says how a name behaves.
 */

/** The chat API an endpoint speaks; decides which conversations it may continue (spec 000 §4). */
export type EndpointFamily = 'openAI-like' | 'anthropic' | 'google' | 'custom';

/**
 * The parameter set the settings panel offers (spec 000 §5/§9); the UI holds the controls of each set.
 * `gptPlugins` is OpenAI's set with a lower default temperature and no image detail.
 */
export type EndpointParameterSet = 'openAI' | 'gptPlugins' | 'anthropic' | 'google';

/** The message actions of spec 000 §5 an endpoint allows. */
export interface EndpointMessageActions {
  /** Replies can be continued and edited. */
  edit: boolean;
  /** Replies can be regenerated, keeping the alternatives as branches. */
  branch: boolean;
  /** An edited reply can be saved and submitted again (Google's replies can only be saved). */
  resubmitReply: boolean;
}

export interface EndpointCatalogueEntry {
  /** Shown to users; brand names stay untranslated. */
  label: string;
  /** The chat API it speaks; unset for endpoints that are no chat (assistants) or whose chats live upstream (bingAI, chatGPTBrowser): those never switch to another endpoint. */
  family?: EndpointFamily;
  actions: EndpointMessageActions;
  /** Unset: the settings offer no parameters. */
  parameters?: EndpointParameterSet;
  /** LibreChat's default position in /api/endpoints; endpoints without one follow in the order they were found. */
  defaultOrder?: number;
  /**
   * The endpoint is LibreChat's plugins endpoint: its turns with tools run the plugins agent of the
   * conversation's `agentOptions` (functions or classic), its edits none, and /api/endpoints lists
   * the tools and agents it offers.
   */
  pluginsAgent?: boolean;
}

const noActions: EndpointMessageActions = { edit: false, branch: false, resubmitReply: true };
const allActions: EndpointMessageActions = { edit: true, branch: true, resubmitReply: true };

/**
 * Every endpoint name LibreChat reserves. `custom` is no endpoint of its own: it is the `type` of
 * librechat.yaml's custom endpoints, whose own names are free.
 */
export const endpointCatalogue = {
  openAI: { label: 'OpenAI', family: 'openAI-like', actions: allActions, parameters: 'openAI', defaultOrder: 0 },
  assistants: { label: 'Assistants', actions: { edit: true, branch: false, resubmitReply: true }, defaultOrder: 1 },
  azureOpenAI: { label: 'Azure OpenAI', family: 'openAI-like', actions: allActions, parameters: 'openAI', defaultOrder: 2 },
  gptPlugins: { label: 'Plugins', family: 'openAI-like', actions: allActions, parameters: 'gptPlugins', defaultOrder: 3, pluginsAgent: true },
  google: { label: 'Google', family: 'google', actions: { edit: true, branch: true, resubmitReply: false }, parameters: 'google', defaultOrder: 4 },
  anthropic: { label: 'Anthropic', family: 'anthropic', actions: allActions, parameters: 'anthropic', defaultOrder: 5 },
  bingAI: { label: 'Bing', actions: { edit: false, branch: true, resubmitReply: true } },
  chatGPTBrowser: { label: 'ChatGPT', actions: { edit: false, branch: true, resubmitReply: true } },
  custom: { label: 'Custom', family: 'custom', actions: allActions, parameters: 'openAI' },
} as const satisfies Record<string, EndpointCatalogueEntry>;

export type CatalogueEndpointName = keyof typeof endpointCatalogue;

const entries: ReadonlyMap<string, EndpointCatalogueEntry> = new Map(Object.entries(endpointCatalogue));

/** The reserved names: a librechat.yaml custom endpoint may not take one (it would shadow the built-in route). */
export const reservedEndpointNames: readonly string[] = [...entries.keys()];

/** The endpoints that exist under their own name; anything else in /api/endpoints is a custom endpoint. */
export const builtInEndpointNames: readonly string[] = reservedEndpointNames.filter((name) => name !== 'custom');

/** The catalogue's entry for a name or an endpoint type, or undefined for any other name (a custom endpoint's). */
export function catalogueEntry(name: string | null | undefined): EndpointCatalogueEntry | undefined {
  return name ? entries.get(name) : undefined;
}

/** The actions an endpoint (by name or type) allows; an unknown one allows none but resubmitting. */
export function endpointMessageActions(name: string | null | undefined): EndpointMessageActions {
  return catalogueEntry(name)?.actions ?? noActions;
}

/** The names with a default position, in that order (LibreChat's: openAI, assistants, azureOpenAI, gptPlugins, google, anthropic). */
export const defaultEndpointOrder: readonly string[] = [...entries]
  .flatMap(([name, entry]) => (entry.defaultOrder === undefined ? [] : [{ name, position: entry.defaultOrder }]))
  .sort((a, b) => a.position - b.position)
  .map(({ name }) => name);
