export { getEndpointsQueryOptions, getModelsQueryOptions, useEndpointsQuery, useModelsQuery, type EndpointConfig, type EndpointsConfig } from './endpoints-query.js';
export { getUserKeyExpiryQueryOptions, isUserKeyValid, useUserKeyMissing } from './user-key-query.js';
export { EndpointIcon, type EndpointIconProps } from './endpoint-icon.js';
export {
  builtInEndpoints,
  endpointFamily,
  endpointKind,
  endpointLabel,
  endpointTypeOf,
  isBuiltInEndpoint,
  keyNameFor,
  needsUserKey,
  sortedEndpoints,
} from './endpoint-meta.js';
