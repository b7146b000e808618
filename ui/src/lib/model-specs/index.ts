export { activeSpec, defaultSpec, offeredSpecs } from './spec-selection.js';
export { specToSetup } from './spec-setup.js';
export { SpecIcon } from './spec-icon.js';
export { useModelSpecs, type ModelSpecsState } from './use-model-specs.js';
