import type { MessageFile } from '../../store/repositories/messages.js';
import { ImportError, type ImportedConversation, type ImportedMessage, type ImportFormat } from '../imported-conversation.js';
import { arrayOf, dateOf, idOf, isRecord, recordOf, stringOf } from '../source-values.js';

// Keys of an export's options (LibreChat's cleanupPreset) or conversation that are not endpoint options.
const notOptions = new Set(['presetId', 'title', 'conversationId', 'user', '_id', '__v', 'createdAt', 'updatedAt', 'messages', 'isArchived', 'tags']);

/**
 * LibreChat's export JSON (wave2 notes §5), recursive (`messagesTree` with nested `children`) or
 * sequential (`messages`), and what LibreChat imports of it. Messages keep their tree by
 * `parentMessageId`, and their text, content, files references, flags and timestamps.
 */
export const libreChatFormat: ImportFormat = {
  name: 'librechat',
  matches: (value) => isRecord(value) && 'conversationId' in value && (Array.isArray(value.messagesTree) || Array.isArray(value.messages)) && !('chatbox' in value),
  read: (value) => readExport(recordOf(value, 'the export'), null),
};

/**
 * chatbox's own JSON: LibreChat's export JSON (either layout) plus `chatbox: { version: 1,
 * conversation }`, the conversation as `GET /api/convos/:id` answers it. That adds what LibreChat's
 * file loses (every stored option, not only the endpoint's preset fields, and the conversation's
 * timestamps), so export then import gives back the same conversation. See docs/api.md.
 */
export const chatboxFormat: ImportFormat = {
  name: 'chatbox',
  matches: (value) => isRecord(value) && isRecord(value.chatbox) && (Array.isArray(value.messagesTree) || Array.isArray(value.messages)),
  read(value) {
    const document = recordOf(value, 'the export');
    const extension = recordOf(document.chatbox, 'its chatbox section');
    if (extension.version !== 1) throw new ImportError(`chatbox JSON version ${String(extension.version)} is not supported`);
    return readExport(document, recordOf(extension.conversation, 'its conversation'));
  },
};

function readExport(document: Record<string, unknown>, conversation: Record<string, unknown> | null): ImportedConversation {
  const sourceId = idOf(document.conversationId);
  if (!sourceId) throw new ImportError('it has no conversationId');
  const messages: ImportedMessage[] = [];
  const layout = Array.isArray(document.messagesTree) ? 'tree' : 'list';
  const top = arrayOf(layout === 'tree' ? document.messagesTree : document.messages, layout === 'tree' ? 'messagesTree' : 'messages');
  // Depth-first without recursion, children after their parent, in the file's order.
  const stack = [...top].reverse();
  while (stack.length > 0) {
    const message = recordOf(stack.pop(), `message ${messages.length + 1}`);
    messages.push(readMessage(message, messages.length));
    if (layout === 'tree' && Array.isArray(message.children)) stack.push(...[...message.children].reverse());
  }
  const options = optionsOf(conversation ?? (isRecord(document.options) ? document.options : {}));
  options.endpoint ??= stringOf(document.endpoint) ?? null;
  return {
    sourceId,
    title: stringOf(conversation?.title) ?? stringOf(document.title) ?? '',
    createdAt: dateOf(conversation?.createdAt),
    updatedAt: dateOf(conversation?.updatedAt),
    options,
    messages,
  };
}

// Option names are plain identifiers: anything else (`$where`, `a.b`) is no option and must not reach a MongoDB document.
const optionName = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The endpoint options of an export's options, conversation or preset: ids, owner and timestamps left
 * out, and `tools` as the plugin keys chatbox stores (LibreChat's exports hold whole plugin objects).
 */
export function optionsOf(source: Record<string, unknown>): Record<string, unknown> {
  const options = Object.fromEntries(Object.entries(source).filter(([key, value]) => optionName.test(key) && !notOptions.has(key) && value !== undefined && key !== 'tools'));
  const tools = toolKeysOf(source.tools);
  return tools ? { ...options, tools } : options;
}

/** Plugin keys from a list of keys or of plugin objects; anything else is no tool selection. */
function toolKeysOf(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const keys = value.map((tool) => (typeof tool === 'string' ? tool : isRecord(tool) ? stringOf(tool.pluginKey) : undefined));
  return keys.filter((key): key is string => key !== undefined && key.length > 0);
}

function readMessage(message: Record<string, unknown>, position: number): ImportedMessage {
  const sourceId = idOf(message.messageId);
  if (!sourceId) throw new ImportError(`message ${position + 1} has no messageId`);
  if (typeof message.text !== 'string' && !Array.isArray(message.content)) throw new ImportError(`message ${sourceId} has no text`);
  const isCreatedByUser = message.isCreatedByUser === true;
  return {
    sourceId,
    parentSourceId: idOf(message.parentMessageId) ?? null,
    text: stringOf(message.text) ?? '',
    isCreatedByUser,
    sender: stringOf(message.sender),
    endpoint: stringOf(message.endpoint) ?? null,
    model: stringOf(message.model) ?? null,
    createdAt: dateOf(message.createdAt),
    updatedAt: dateOf(message.updatedAt),
    error: message.error === true,
    unfinished: message.unfinished === true,
    // Left out when the source has none: a message exported without parts comes back without them.
    ...(Array.isArray(message.content) ? { content: message.content } : {}),
    ...(message.isEdited === true ? { isEdited: true } : {}),
    ...(typeof message.finish_reason === 'string' ? { finish_reason: message.finish_reason } : {}),
    ...(typeof message.tokenCount === 'number' ? { tokenCount: message.tokenCount } : {}),
    ...(Array.isArray(message.files) ? { files: message.files.filter(isFileReference) } : {}),
    ...(message.plugin !== undefined ? { plugin: message.plugin } : {}),
    ...(Array.isArray(message.plugins) ? { plugins: message.plugins } : {}),
  };
}

function isFileReference(value: unknown): value is MessageFile {
  return isRecord(value) && typeof value.file_id === 'string';
}
