import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import type { E2eContext } from './chatbox-page.js';

export const NO_PARENT = '00000000-0000-0000-0000-000000000000';

let accounts = 0;

/** Registers a fresh account through the API; its refresh cookie lands in the page's context. */
export async function signUp(page: Page, prefix = 'user'): Promise<{ token: string; email: string }> {
  accounts += 1;
  const email = `${prefix}${accounts}-${Date.now()}@example.com`;
  const response = await page.request.post('/api/auth/register', {
    data: { name: 'Ada Lovelace', email, password: 'analytical-1', confirm_password: 'analytical-1' },
  });
  if (response.status() !== 200) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  return { token: ((await response.json()) as { token: string }).token, email };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** One exchange on a new conversation through POST /api/ask/openAI; resolves its id. */
export async function askNewConversation(request: APIRequestContext, token: string, text: string): Promise<string> {
  const response = await request.post('/api/ask/openAI', {
    headers: bearer(token),
    data: { text, conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI' },
  });
  const body = await response.text();
  const final = body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as { final?: boolean; conversation?: { conversationId: string } })
    .find((frame) => frame.final);
  if (!final?.conversation) throw new Error(`no final frame in:\n${body}`);
  return final.conversation.conversationId;
}

/** The server's data directory, from its start-up line "(data in …)". */
export function dataDirOf(e2e: E2eContext): string {
  const match = e2e.server.output().match(/\(data in ([^)\n]+)\)/);
  if (!match) throw new Error('the server did not print its data directory');
  return match[1]!;
}

/**
 * Rewrites a conversation's title and last update in the SQLite file, so one test can hold
 * conversations of several days, months and years.
 */
export function backdateConversation(e2e: E2eContext, conversationId: string, updatedAt: Date, title: string): void {
  const database = new Database(join(dataDirOf(e2e), 'chatbox.sqlite'));
  try {
    database.pragma('busy_timeout = 5000');
    const result = database.prepare('UPDATE conversations SET updated_at = ?, title = ? WHERE conversation_id = ?').run(updatedAt.getTime(), title, conversationId);
    if (result.changes !== 1) throw new Error(`conversation ${conversationId} not found`);
  } finally {
    database.close();
  }
}
