export { activeSpec, defaultSpec, offeredSpecs, specToSetup } from './model-specs.js';
export { SpecIcon } from './spec-icon.js';
export { useModelSpecs, type ModelSpecsState } from './use-model-specs.js';
