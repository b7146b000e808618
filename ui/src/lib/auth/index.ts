export { AuthProvider, TOKEN_UPDATED_EVENT } from './auth-provider.js';
export { useAuth, type AuthContextValue, type AuthStatus } from './auth-context.js';
export { sessionStorageKeys } from './housekeeping.js';
