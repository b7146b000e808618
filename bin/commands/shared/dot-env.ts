import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import dotenv from 'dotenv';

/** Reads ./.env (or DOTENV_PATH) without overriding variables the environment already has. */
export function loadDotEnv(): void {
  const path = resolve(process.env.DOTENV_PATH ?? '.env');
  if (existsSync(path)) dotenv.config({ path, override: false, quiet: true });
}
