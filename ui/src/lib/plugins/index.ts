export { getAvailablePluginsQueryOptions, useAvailablePluginsQuery } from './available-plugins-query.js';
export { toolDisplayNames, useToolDisplayNames } from './tool-display-names.js';
