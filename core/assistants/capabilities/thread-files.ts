import type { ChatServices } from '../../chat/chat-services.js';
import { readWhole } from '../../files/index.js';
import type { SandboxFile } from '../../sandbox/index.js';
import { checkInputFileName } from '../../sandbox/sandbox-files.js';
import type { Assistant } from '../../store/repositories/assistants.js';
import type { StoredFile } from '../../store/repositories/files.js';
import type { MessageFile } from '../../store/repositories/messages.js';

type Services = Pick<ChatServices, 'store' | 'fileStorages' | 'log'>;

/** The files the user attached to the thread's messages, oldest first (the run's own message included: it is stored before the model is called). */
export async function threadMessageFiles(services: Services, userId: string, conversationId: string): Promise<MessageFile[]> {
  const messages = await services.store.messages.listByConversation(userId, conversationId);
  return messages.flatMap((message) => (message.isCreatedByUser ? (message.files ?? []) : []));
}

/**
 * A run's files: the assistant's knowledge files, then the thread's, each looked up by id for the
 * run's user, so a file id of another user (or one deleted since) is simply not there.
 */
export async function runFiles(services: Services, context: { userId: string; conversationId: string; assistant: Assistant }): Promise<StoredFile[]> {
  const attached = await threadMessageFiles(services, context.userId, context.conversationId);
  const records: StoredFile[] = [];
  for (const fileId of new Set([...context.assistant.file_ids, ...attached.map((file) => file.file_id)])) {
    const record = await services.store.files.find(context.userId, fileId);
    if (record) records.push(record);
  }
  return records;
}

/** /mnt/data holds one file per name: of two files with the same name the first (knowledge before thread) is kept. */
export async function toSandboxFiles(services: Services, records: readonly StoredFile[]): Promise<SandboxFile[]> {
  const files: SandboxFile[] = [];
  const names = new Set<string>();
  for (const record of records) {
    if (!isSandboxName(record.filename)) continue;
    if (names.has(record.filename)) {
      services.log.info({ fileId: record.file_id }, `a second file named "${record.filename}" is left out of /mnt/data`);
      continue;
    }
    const storage = await services.fileStorages.forSource(record.source);
    if (!storage) continue;
    try {
      files.push({ name: record.filename, bytes: await readWhole(await storage.readStream(record.filepath)) });
      names.add(record.filename);
    } catch (error) {
      services.log.warn({ err: error, fileId: record.file_id }, 'a file of the thread could not be read: left out of /mnt/data');
    }
  }
  return files;
}

function isSandboxName(name: string): boolean {
  try {
    return checkInputFileName(name) === name;
  } catch {
    return false;
  }
}
