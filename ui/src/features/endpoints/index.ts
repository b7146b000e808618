export { EndpointMenu, type EndpointMenuProps } from './components/endpoint-menu.js';
export { KeyDialog, type KeyDialogProps } from './components/key-dialog.js';
export { useSelectEndpoint } from './hooks/use-select-endpoint.js';
export { useSaveUserKey } from './api/save-user-key.js';
export { useRevokeUserKey } from './api/revoke-user-key.js';
