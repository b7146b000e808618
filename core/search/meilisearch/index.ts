export { createMeiliSearchIndex } from './meili-search-index.js';
export { defaultMeiliOptions, type MeiliSearchOptions } from './meili-options.js';
