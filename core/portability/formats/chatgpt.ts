import type { ImportedMessage, ImportFormat } from '../imported-conversation.js';
import { arrayOf, dateOf, idOf, isRecord, recordOf, stringOf } from '../source-values.js';

type Node = { id: string; message: Record<string, unknown> | null; parent: string | null; children: string[] };

// Reasoning nodes become `think` content of the reply below them, never messages of their own.
const reasoningTypes = new Set(['thoughts', 'reasoning_recap']);

/**
 * ChatGPT's `conversations.json` (wave2 notes §7): one item per conversation, its messages a tree in
 * `mapping` (`parent`/`children`), so regenerated and edited branches stay branches. System messages,
 * messages hidden from the conversation and tool chatter without output are left out; their
 * children hang from the nearest message kept. Text, multimodal, code and execution output parts
 * are rendered as Markdown; webpage citations become ` ([title](url))`.
 */
export const chatGptFormat: ImportFormat = {
  name: 'chatgpt',
  matches: (value) => isRecord(value) && isRecord(value.mapping),
  read(value, index) {
    const item = recordOf(value, 'the conversation');
    const nodes = readNodes(recordOf(item.mapping, 'its mapping'));
    const messages: ImportedMessage[] = [];
    let model: string | null = null;
    // Iterative depth-first walk (a deep tree must not overflow the stack), carrying the nearest kept ancestor and pending reasoning.
    const stack: Array<{ id: string; keptParent: string | null; thinking: string[] }> = [...nodes.values()]
      .filter((node) => node.parent === null || !nodes.has(node.parent))
      .reverse()
      .map((node) => ({ id: node.id, keptParent: null, thinking: [] }));
    const seen = new Set<string>();
    while (stack.length > 0) {
      const { id, keptParent, thinking } = stack.pop()!;
      const node = nodes.get(id);
      if (!node || seen.has(id)) continue;
      seen.add(id);
      const read = node.message ? readMessage(node.message) : null;
      let parentForChildren = keptParent;
      let thinkingForChildren = thinking;
      if (read?.kind === 'reasoning') thinkingForChildren = [...thinking, ...read.thinking];
      else if (read?.kind === 'message') {
        const think = read.message.isCreatedByUser ? [] : thinking;
        // The read fields spread last (they never hold these three): spread first, then extended, each record took a slow path (see build-conversation.ts).
        messages.push({
          sourceId: id,
          parentSourceId: keptParent,
          content: think.length > 0 ? [{ type: 'think', think: think.join('\n\n') }, { type: 'text', text: read.message.text }] : null,
          ...read.message,
        });
        if (read.message.model) model = read.message.model;
        parentForChildren = id;
        thinkingForChildren = read.message.isCreatedByUser ? thinking : [];
      }
      for (const child of [...node.children].reverse()) stack.push({ id: child, keptParent: parentForChildren, thinking: thinkingForChildren });
    }
    const sourceId = idOf(item.conversation_id) ?? idOf(item.id) ?? `#${index}:${stringOf(item.title) ?? ''}:${String(item.create_time ?? '')}`;
    return {
      sourceId,
      title: stringOf(item.title) ?? '',
      createdAt: dateOf(item.create_time),
      updatedAt: dateOf(item.update_time),
      options: { endpoint: 'openAI', model },
      messages,
    };
  },
};

function readNodes(mapping: Record<string, unknown>): Map<string, Node> {
  const nodes = new Map<string, Node>();
  for (const [key, value] of Object.entries(mapping)) {
    const node = recordOf(value, `mapping entry ${key}`);
    nodes.set(key, {
      id: key,
      message: isRecord(node.message) ? node.message : null,
      parent: idOf(node.parent) ?? null,
      children: Array.isArray(node.children) ? node.children.flatMap((child) => idOf(child) ?? []) : [],
    });
  }
  return nodes;
}

type ReadNode = { kind: 'message'; message: Omit<ImportedMessage, 'sourceId' | 'parentSourceId'> } | { kind: 'reasoning'; thinking: string[] } | null;

function readMessage(message: Record<string, unknown>): ReadNode {
  const author = isRecord(message.author) ? message.author : {};
  const role = stringOf(author.role);
  const metadata = isRecord(message.metadata) ? message.metadata : {};
  const content = recordOf(message.content ?? {}, 'a message content');
  const contentType = stringOf(content.content_type) ?? 'text';
  if (role === 'system' || metadata.is_visually_hidden_from_conversation === true) return null;
  if (reasoningTypes.has(contentType)) return { kind: 'reasoning', thinking: contentType === 'thoughts' ? thoughtsOf(content) : [] };
  const text = renderContent(contentType, content, metadata);
  // Tool turns are kept only for what they show: code output and generated images.
  if (text === null || text.trim() === '' || (role === 'tool' && contentType !== 'execution_output' && contentType !== 'multimodal_text')) return null;
  const slug = stringOf(metadata.model_slug) ?? null;
  const isCreatedByUser = role === 'user';
  return {
    kind: 'message',
    message: {
      text,
      isCreatedByUser,
      sender: isCreatedByUser ? 'User' : senderOf(slug),
      model: isCreatedByUser ? null : slug,
      createdAt: dateOf(message.create_time),
      updatedAt: dateOf(message.update_time) ?? dateOf(message.create_time),
    },
  };
}

function thoughtsOf(content: Record<string, unknown>): string[] {
  return (Array.isArray(content.thoughts) ? content.thoughts : []).flatMap((thought) => {
    const text = isRecord(thought) ? stringOf(thought.content) : undefined;
    return text ? [text] : [];
  });
}

/** LibreChat's sender for a model slug: `gpt-4o` → `GPT-4o`; other slugs as they are. */
function senderOf(slug: string | null): string {
  if (!slug) return 'ChatGPT';
  return slug.startsWith('gpt-') ? `GPT-${slug.slice(4)}` : slug;
}

function renderContent(contentType: string, content: Record<string, unknown>, metadata: Record<string, unknown>): string | null {
  switch (contentType) {
    case 'text':
      return withCitations(arrayOf(content.parts ?? [], 'text parts').filter((part) => typeof part === 'string').join(''), metadata);
    case 'multimodal_text':
      return arrayOf(content.parts ?? [], 'multimodal parts').map(renderPart).filter((part) => part !== '').join('\n\n');
    case 'code': {
      const language = stringOf(content.language);
      return `\`\`\`${language && language !== 'unknown' ? language : ''}\n${stringOf(content.text) ?? ''}\n\`\`\``;
    }
    case 'execution_output':
      return (stringOf(content.text) ?? '')
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
    default:
      // Browsing displays, memory updates and other internal kinds carry nothing to show.
      return stringOf(content.text) ?? null;
  }
}

/** A multimodal part: text as is, an image as a placeholder naming its asset (the export holds the file apart). */
function renderPart(part: unknown): string {
  if (typeof part === 'string') return part;
  if (!isRecord(part)) return '';
  if (part.content_type === 'image_asset_pointer') {
    const asset = (stringOf(part.asset_pointer) ?? '').replace(/^[a-z-]+:\/\//, '');
    return `[Image${asset ? `: ${asset}` : ''}]`;
  }
  if (part.content_type === 'audio_transcription') return stringOf(part.text) ?? '';
  return stringOf(part.text) ?? '';
}

/** Webpage citations (`metadata.citations` by character range, or `content_references` by matched text) as Markdown links. */
function withCitations(text: string, metadata: Record<string, unknown>): string {
  // Ranges first: they count characters of the text as exported.
  let result = text;
  const citations = (Array.isArray(metadata.citations) ? metadata.citations.filter(isRecord) : [])
    .filter((citation) => typeof citation.start_ix === 'number' && typeof citation.end_ix === 'number')
    .sort((a, b) => Number(b.start_ix) - Number(a.start_ix));
  for (const citation of citations) {
    const details = isRecord(citation.metadata) ? citation.metadata : {};
    const url = stringOf(details.url);
    const link = url ? ` ([${stringOf(details.title) ?? url}](${url}))` : '';
    result = result.slice(0, Number(citation.start_ix)) + link + result.slice(Number(citation.end_ix));
  }
  const references = Array.isArray(metadata.content_references) ? metadata.content_references.filter(isRecord) : [];
  for (const reference of references) {
    const matched = stringOf(reference.matched_text);
    if (!matched || !result.includes(matched)) continue;
    const item = Array.isArray(reference.items) && isRecord(reference.items[0]) ? reference.items[0] : null;
    const url = item ? stringOf(item.url) : undefined;
    const title = item ? stringOf(item.title) : undefined;
    result = result.replace(matched, url ? ` ([${title ?? url}](${url}))` : '');
  }
  return result;
}
