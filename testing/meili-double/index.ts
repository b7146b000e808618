export { startMeiliDouble, type MeiliDouble, type MeiliDoubleOptions } from './meili-double.js';
export type { Engine } from './engine.js';
