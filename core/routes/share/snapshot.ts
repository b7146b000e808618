import { randomUUID } from 'node:crypto';
import type { Message, MessageFile } from '../../store/repositories/messages.js';
import type { SharedImage, SharedMessage } from '../../store/repositories/shares.js';

const rootMessageId = '00000000-0000-0000-0000-000000000000';

/**
 * The branch a link shares: from the root down to `targetMessageId` (the last message on screen),
 * or to the newest message without one. Walked up by parentMessageId, so siblings of other branches
 * never leak into the page. Null when the target is not a message of the conversation.
 */
export function pickSharedBranch(messages: readonly Message[], targetMessageId?: string): Message[] | null {
  if (messages.length === 0) return targetMessageId ? null : [];
  const byId = new Map(messages.map((message) => [message.messageId, message]));
  // The list is oldest first: its last message is the newest.
  const target = targetMessageId ? byId.get(targetMessageId) : messages[messages.length - 1];
  if (!target) return null;
  const branch: Message[] = [];
  const seen = new Set<string>();
  for (let message: Message | undefined = target; message && !seen.has(message.messageId); message = byId.get(message.parentMessageId)) {
    seen.add(message.messageId);
    branch.push(message);
  }
  return branch.reverse();
}

/** Images a browser shows inline and cannot run: never SVG (it carries script). */
export const shareableImageTypes: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

function sharedImages(files: readonly MessageFile[]): SharedImage[] {
  return files.flatMap((file) =>
    file.type && shareableImageTypes.has(file.type) ? [{ imageId: randomUUID(), fileId: file.file_id, type: file.type, width: file.width ?? null, height: file.height ?? null }] : [],
  );
}

/**
 * What the public page keeps of each message: text, sender, model and endpoint labels and dates.
 * Ids are replaced by fresh ones, so the link reveals no id of the owner's data. Images are shown
 * through the share (by an id of its own); other files are only counted.
 */
export function toSharedMessages(branch: readonly Message[]): SharedMessage[] {
  const newIds = new Map(branch.map((message) => [message.messageId, randomUUID()]));
  return branch.map((message) => {
    const images = sharedImages(message.files ?? []);
    return {
      messageId: newIds.get(message.messageId)!,
      parentMessageId: newIds.get(message.parentMessageId) ?? rootMessageId,
      // An imported message may carry the owner's name as its sender: the page never shows who they are.
      sender: message.isCreatedByUser ? 'User' : message.sender,
      text: message.text,
      isCreatedByUser: message.isCreatedByUser,
      error: message.error,
      unfinished: message.unfinished,
      model: message.model ?? null,
      endpoint: message.endpoint ?? null,
      images,
      attachmentCount: (message.files?.length ?? 0) - images.length,
      createdAt: message.createdAt,
    };
  });
}
