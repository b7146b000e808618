export { ConversationSidebar, SEARCH_DEBOUNCE, type ConversationSidebarProps } from './components/conversation-sidebar.js';
export { ConversationList, type ConversationListProps } from './components/conversation-list.js';
export { conversationsQueryKey, getConversationsQueryOptions, useConversationsQuery } from './api/get-conversations.js';
export { removeListedConversation, setListedTitle, updateConversationList } from './api/conversation-cache.js';
export { conversationSearchQueryKey } from './api/search-conversations.js';
export { searchEnabledQueryKey } from './api/get-search-enabled.js';
