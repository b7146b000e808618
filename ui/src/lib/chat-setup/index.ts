export { CHAT_SETUP_KEY, ChatSetupProvider, useChatSetup, type ChatSetup } from './chat-setup-context.js';
