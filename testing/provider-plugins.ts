/** The built-in provider plugins, for core's endpoint tests: core never imports plugins itself, the harness hands them over. */
export { providerPlugins } from '../plugins/providers/index.js';
