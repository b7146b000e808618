export { ConversationSidebar, SEARCH_DEBOUNCE, type ConversationSidebarProps } from './components/conversation-sidebar.js';
export { ConversationList, type ConversationListProps } from './components/conversation-list.js';
export { getConversationsQueryOptions, useConversationsQuery } from './api/get-conversations.js';
