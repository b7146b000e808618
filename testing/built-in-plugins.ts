/** Every built-in plugin, for core's whole-server tests: core never imports plugins itself, the harness hands them over. */
export { builtInPlugins } from '../plugins/index.js';
