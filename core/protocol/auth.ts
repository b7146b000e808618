import { z } from 'zod';
import type { AuthMessageKey } from './auth-messages.js';

/**
 * Request bodies of /api/auth/* with the rules of spec 000 §5. Shared by the server (which answers
 * a 400 with the English text) and the UI forms (which show the key in the user's language).
 */
const key = (messageKey: AuthMessageKey) => ({ message: messageKey });

/** Simple and strict enough: one @, a dot in the domain, no spaces. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = (minimum: number, minimumKey: AuthMessageKey) =>
  z
    .string(key('com_auth_email_required'))
    .trim()
    .min(1, key('com_auth_email_required'))
    .min(minimum, key(minimumKey))
    .max(120, key('com_auth_email_max_length'))
    .regex(emailPattern, key('com_auth_email_pattern'));

const password = z
  .string(key('com_auth_password_required'))
  .min(1, key('com_auth_password_required'))
  .min(8, key('com_auth_password_min_length'))
  .max(128, key('com_auth_password_max_length'));

const confirmed = <T extends { password: string; confirm_password: string }>(value: T, context: z.RefinementCtx) => {
  if (value.password !== value.confirm_password) {
    context.addIssue({ code: 'custom', path: ['confirm_password'], message: 'com_auth_password_not_match' });
  }
};

export const loginRequestSchema = z.object({
  email: email(6, 'com_auth_email_min_length'),
  password,
});

export const registerRequestSchema = z
  .object({
    name: z
      .string(key('com_auth_name_required'))
      .trim()
      .min(1, key('com_auth_name_required'))
      .min(3, key('com_auth_name_min_length'))
      .max(80, key('com_auth_name_max_length')),
    username: z
      .string()
      .trim()
      .refine((value) => value === '' || value.length >= 2, key('com_auth_username_min_length'))
      .refine((value) => value.length <= 20, key('com_auth_username_max_length'))
      .optional(),
    email: email(6, 'com_auth_email_min_length'),
    password,
    confirm_password: z.string(key('com_auth_field_required')),
  })
  .superRefine(confirmed);

export const forgotPasswordRequestSchema = z.object({
  email: email(3, 'com_auth_email_forgot_min_length'),
});

export const resetPasswordRequestSchema = z
  .object({
    token: z.string(key('com_auth_reset_token_missing')).min(1, key('com_auth_reset_token_missing')),
    userId: z.string(key('com_auth_user_id_missing')).min(1, key('com_auth_user_id_missing')),
    password,
    confirm_password: z.string(key('com_auth_field_required')),
  })
  .superRefine(confirmed);

export type LoginRequest = z.input<typeof loginRequestSchema>;
export type RegisterRequest = z.input<typeof registerRequestSchema>;
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** GET /api/user and the `user` of login/register/refresh answers. `_id` mirrors `id` for LibreChat clients. */
export interface UserDto {
  id: string;
  _id: string;
  name: string;
  username: string;
  email: string;
  emailVerified: boolean;
  avatar: string | null;
  provider: string;
  role: string;
  plugins: string[];
  createdAt: string;
  updatedAt: string;
}

/** Answer of login, register and a successful refresh. A refresh without a session answers `{}`. */
export interface AuthResponse {
  token: string;
  user: UserDto;
}

/** Answer of requestPasswordReset: `link` only when the server cannot send email. */
export interface PasswordResetRequestResponse {
  message: string;
  link?: string;
}

/** Error bodies of every route: `{ message, code }`. */
export interface ErrorResponse {
  message: string;
  code?: string;
}
