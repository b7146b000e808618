export { FilesProvider } from './components/files-provider.js';
export { MyFilesDialog } from './components/my-files-dialog.js';
export { AttachFilesPanel } from './components/attach-files-panel.js';
