import { randomInt } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new assistant id in OpenAI's form: `asst_` and 24 random letters and digits (LibreChat's client keys by it). */
export function newAssistantId(): string {
  let id = 'asst_';
  for (let index = 0; index < 24; index++) id += alphabet[randomInt(alphabet.length)];
  return id;
}
