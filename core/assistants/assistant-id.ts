import { randomInt } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id in OpenAI's form: the prefix and 24 random letters and digits. */
function openAIStyleId(prefix: string): string {
  let id = prefix;
  for (let index = 0; index < 24; index++) id += alphabet[randomInt(alphabet.length)];
  return id;
}

/** A new assistant id: `asst_…` (LibreChat's client keys by it). */
export const newAssistantId = () => openAIStyleId('asst_');

/** A new thread id: `thread_…`, kept on the conversation and each of its messages. */
export const newThreadId = () => openAIStyleId('thread_');
