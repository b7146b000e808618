/**
 * Every TanStack Query key of the UI. Keys are shared between features (the chat writes the sidebar's
 * list, the settings clear it, the header refetches the presets): one place keeps them from drifting
 * apart. The values are the cache's identity, so they must stay exactly as they are.
 */

/** GET /api/config: the one query kept when a user signs out (the same for everyone). */
export const startupConfigQueryKey = ['startupConfig'] as const;

/** GET /api/user: the signed-in user. */
export const userQueryKey = ['user'] as const;

/** GET /api/endpoints: the enabled endpoints, by name. */
export const endpointsQueryKey = ['endpoints'] as const;

/** GET /api/models: the models offered per endpoint. */
export const modelsQueryKey = ['models'] as const;

/** GET /api/keys?name=: ['userKeyExpiry', name]; ['userKeyExpiry'] alone matches every endpoint's (to invalidate them all). */
export const userKeyExpiryQueryKey = (name?: string) => (name === undefined ? ['userKeyExpiry'] : ['userKeyExpiry', name]);

/** GET /api/balance: the chat refetches it after every stream (spec 000 §4). */
export const balanceQueryKey = ['balance'] as const;

/** GET /api/presets: shared by the presets menu and "Save as preset". */
export const presetsQueryKey = ['presets'] as const;

/**
 * GET /api/convos: the sidebar's infinite list. Its pages are rewritten only through
 * lib/conversation-cache.ts, the one owner of their shape.
 */
export const conversationListQueryKey = ['conversations'] as const;

/** GET /api/search: not under ['conversations'], whose pages the chat rewrites; results must stay as found. */
export const conversationSearchQueryKey = (query: string) => ['conversationSearch', query] as const;

/** GET /api/search/enable. */
export const searchEnabledQueryKey = ['searchEnabled'] as const;

/** GET /api/convos/:id: the open conversation's title and options. */
export const conversationQueryKey = (conversationId: string) => ['conversation', conversationId] as const;

/** GET /api/messages/:id: every message of every branch, which the stream keeps current. */
export const messagesQueryKey = (conversationId: string) => ['messages', conversationId] as const;

/** GET /api/files: My files and the composer's uploads invalidate it. */
export const filesQueryKey = ['files'] as const;

/** GET /api/files/config: the yaml's upload limits, read once. */
export const fileConfigQueryKey = ['fileConfig'] as const;

/** GET /api/files/download/:userId/:fileId of an image shown inline: its bytes, kept while shown. */
export const fileBytesQueryKey = (fileId: string) => ['fileBytes', fileId] as const;

/** GET /api/plugins: the tool catalogue of the store dialog and the tool picker. */
export const availablePluginsQueryKey = ['availablePlugins'] as const;

/** GET /api/share: the owner's shared links (Settings → Data). */
export const sharedLinksQueryKey = ['sharedLinks'] as const;

/** GET /api/share/link/:conversationId: whether a conversation has a link (the share dialog). */
export const sharedLinkQueryKey = (conversationId: string) => ['sharedLink', conversationId] as const;

/** GET /api/share/:shareId: a shared conversation (the public page). */
export const sharedConversationQueryKey = (shareId: string) => ['sharedConversation', shareId] as const;

/** GET /api/share/:shareId/images/:imageId: an image of a shared conversation, as an object URL. */
export const sharedImageQueryKey = (shareId: string, imageId: string) => ['sharedImage', shareId, imageId] as const;

/** POST /api/tokenizer: ['tokenCount', text], the Bing context's count while typing. */
export const tokenCountQueryKey = (text: string) => ['tokenCount', text] as const;

/** GET /api/assistants: the builder's picker and the chat's assistant dropdown read the same list. */
export const assistantsQueryKey = ['assistants'] as const;
