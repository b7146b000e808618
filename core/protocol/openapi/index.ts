export * from './action-names.js';
export * from './actions-dto.js';
export * from './parse-spec.js';
