import type { Document } from 'bson';
import { adminCommands } from './admin-commands.js';
import { CommandError } from './command-error.js';
import type { CommandContext, CommandHandler } from './command-context.js';
import { readCommands } from './read-commands.js';
import { writeCommands } from './write-commands.js';

const handlers: Record<string, CommandHandler> = { ...adminCommands, ...readCommands, ...writeCommands };

/**
 * Runs one command and returns its reply. Commands run synchronously, one at a time, so each is
 * atomic: no other command sees a half-applied write (a findAndModify is as atomic as on a server).
 * A failure is a reply with ok: 0, never a dropped connection.
 */
export function runCommand(command: Document, context: Omit<CommandContext, 'database'>): Document {
  const [name] = Object.keys(command);
  const handler = Object.hasOwn(handlers, name) ? handlers[name] : undefined;
  try {
    if (!handler) throw new CommandError(59, 'CommandNotFound', `no such command: '${name}'`);
    return handler(command, { ...context, database: String(command.$db ?? 'admin') });
  } catch (error) {
    if (error instanceof CommandError) return error.toReply();
    // mingo rejects unknown operators and malformed expressions by throwing: a bad query, as on a server.
    return new CommandError(2, 'BadValue', error instanceof Error ? error.message : String(error)).toReply();
  }
}
