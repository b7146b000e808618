export { getEndpointsQueryOptions, getModelsQueryOptions, useEndpointsQuery, useModelsQuery, type EndpointConfig, type EndpointsConfig } from './endpoints-query.js';
export { getUserKeyExpiryQueryOptions, useUserKeyMissing } from './user-key-query.js';
