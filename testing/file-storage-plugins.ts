/** The file-storage plugins, for core's route tests: core never imports plugins itself, the harness hands them over. */
export { fileStoragePlugins } from '../plugins/file-storage/index.js';
