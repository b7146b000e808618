export { FilesProvider } from './components/files-provider.js';
export { MyFilesDialog } from './components/my-files-dialog.js';
