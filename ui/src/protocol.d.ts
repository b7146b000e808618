/**
 * Types for the `@protocol` alias (ui/vite.config.ts, vitest.config.ts). The root tsconfig has no
 * `paths` entry and an ambient module cannot `export *` from a relative path, so each export the UI
 * uses is re-declared here from the real module's types. Add a line when the UI needs a new export;
 * delete this file once tsconfig.json maps `@protocol`.
 */
declare module '@protocol' {
  type Protocol = typeof import('../../core/protocol/index.js');

  export type UserDto = import('../../core/protocol/index.js').UserDto;
  export type AuthResponse = import('../../core/protocol/index.js').AuthResponse;
  export type ErrorResponse = import('../../core/protocol/index.js').ErrorResponse;
  export type PasswordResetRequestResponse = import('../../core/protocol/index.js').PasswordResetRequestResponse;
  export type StartupConfig = import('../../core/protocol/index.js').StartupConfig;
  export type LoginRequest = import('../../core/protocol/index.js').LoginRequest;
  export type RegisterRequest = import('../../core/protocol/index.js').RegisterRequest;
  export type ForgotPasswordRequest = import('../../core/protocol/index.js').ForgotPasswordRequest;
  export type ResetPasswordRequest = import('../../core/protocol/index.js').ResetPasswordRequest;
  export type AuthMessageKey = import('../../core/protocol/index.js').AuthMessageKey;

  export const loginRequestSchema: Protocol['loginRequestSchema'];
  export const registerRequestSchema: Protocol['registerRequestSchema'];
  export const forgotPasswordRequestSchema: Protocol['forgotPasswordRequestSchema'];
  export const resetPasswordRequestSchema: Protocol['resetPasswordRequestSchema'];
  export const authMessages: Protocol['authMessages'];
  export const emailPattern: Protocol['emailPattern'];
}
