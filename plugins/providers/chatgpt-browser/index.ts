export { createChatGPTBrowserProvider } from './chatgpt-browser-provider.js';
export { chatGPTBrowserSettingsSchema, defaultChatGPTBrowserModels, type ChatGPTBrowserSettings, type ResolvedChatGPTBrowserSettings } from './settings.js';
export { chatGPTBrowserProviderPlugin } from './plugin.js';
