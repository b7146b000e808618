import { z } from 'zod';

/** GET /api/user, and the `user` of the login and refresh answers (contract §2.4). */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable().optional(),
  plugins: z.array(z.string()).optional(),
  email: z.string().optional(),
  role: z.string().optional(),
  provider: z.string().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});

/** POST /api/auth/login and a refresh with a session: `{token, user}`. */
export const signInAnswerSchema = z.object({ token: z.string().min(1), user: userSchema });
