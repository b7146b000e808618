import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createTextGenerator } from '../history/seed-text.js';

const NO_PARENT = '00000000-0000-0000-0000-000000000000';

/** Replies with the markdown real ones carry: emphasis, lists, and now and then a code block. */
function reply(text: ReturnType<typeof createTextGenerator>, index: number): string {
  const parts = [text.message(10, 60).replace(/^(\S+ \S+)/, '**$1**')];
  if (index % 3 === 0) parts.push(['- ' + text.message(4, 10), '- ' + text.message(4, 10), '- ' + text.message(4, 10)].join('\n'));
  if (index % 10 === 0) parts.push('```python\ndef handler(event):\n    total = sum(item.size for item in event.items)\n    return {"total": total}\n```');
  parts.push(text.message(10, 40));
  return parts.join('\n\n');
}

/**
 * Writes one conversation of `count` messages (a single branch, alternating user and reply) for the
 * user straight into the running server's SQLite file; WAL lets the server read it at once. The last
 * message carries `lastMarker` so the page can tell when it is on screen.
 */
export function writeLongConversation(dataDir: string, userId: string, count: number, lastMarker: string): string {
  const database = new Database(join(dataDir, 'chatbox.sqlite'));
  database.pragma('busy_timeout = 5000');
  const text = createTextGenerator(7);
  const conversationId = randomUUID();
  const started = Date.now() - count * 60_000;
  try {
    database.transaction(() => {
      database
        .prepare('INSERT INTO conversations (user_id, conversation_id, title, options, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(userId, conversationId, 'A long conversation', JSON.stringify({ endpoint: 'openAI', endpointType: null, model: 'gpt-4o-mini' }), started, Date.now());
      const insert = database.prepare(
        'INSERT INTO messages (user_id, message_id, conversation_id, parent_message_id, sender, text, is_created_by_user, error, unfinished, extra, created_at, updated_at) ' +
          'VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?)',
      );
      let parent = NO_PARENT;
      for (let index = 0; index < count; index += 1) {
        const fromUser = index % 2 === 0;
        const id = randomUUID();
        let body = fromUser ? text.message(4, 30) : reply(text, index);
        if (index === count - 1) body += ` ${lastMarker}`;
        const at = started + index * 60_000;
        const extra = JSON.stringify(fromUser ? { endpoint: 'openAI', model: 'gpt-4o-mini' } : { endpoint: 'openAI', model: 'gpt-4o-mini', finish_reason: 'stop' });
        insert.run(userId, id, conversationId, parent, fromUser ? 'User' : 'ChatGPT', body, fromUser ? 1 : 0, extra, at, at);
        parent = id;
      }
    })();
  } finally {
    database.close();
  }
  return conversationId;
}
