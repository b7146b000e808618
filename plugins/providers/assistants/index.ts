export { assistantsDiscovery } from './discovery.js';
export { assistantsProviderPlugin } from './plugin.js';
