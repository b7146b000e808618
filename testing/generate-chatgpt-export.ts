export interface GeneratedExportOptions {
  conversations: number;
  /** Question and answer pairs per conversation. */
  exchanges: number;
  /** Characters of filler text per message. */
  textLength: number;
  /** A word put in the first question of conversation i, so a test can search for it. */
  marker?: (index: number) => string;
  /** Prefix of the conversations' ids: files with different prefixes import as different conversations. */
  idPrefix?: string;
}

interface MappingNode {
  id: string;
  parent: string | null;
  children: string[];
  message: unknown;
}

const filler = 'The quick brown fox jumps over the lazy dog while the orchestra tunes its instruments. ';

/**
 * A ChatGPT `conversations.json` of any size, one conversation at a time (for the e2e import test
 * and the 200 MB import bench): a chain of user and assistant messages per conversation, as ChatGPT
 * writes them, root node included. Join or stream the chunks to get the file.
 */
export function* chatGptExportChunks({ conversations, exchanges, textLength, marker, idPrefix = 'generated' }: GeneratedExportOptions): Generator<string> {
  const text = filler.repeat(Math.ceil(textLength / filler.length)).slice(0, textLength);
  yield '[';
  for (let index = 0; index < conversations; index++) {
    const mapping: Record<string, MappingNode> = {};
    const start = 1_700_000_000 + index * 60;
    let parent: MappingNode = { id: `c${index}-root`, message: null, parent: null, children: [] };
    mapping[parent.id] = parent;
    for (let turn = 0; turn < exchanges * 2; turn++) {
      const id = `c${index}-m${turn}`;
      const role = turn % 2 === 0 ? 'user' : 'assistant';
      const words = turn === 0 && marker ? `${marker(index)} ${text}` : text;
      const content = { content_type: 'text', parts: [words] };
      const node: MappingNode = {
        id,
        parent: parent.id,
        children: [],
        message: { id, author: { role }, create_time: start + turn, content, metadata: role === 'assistant' ? { model_slug: 'gpt-4o' } : {} },
      };
      mapping[id] = node;
      parent.children.push(id);
      parent = node;
    }
    const conversation = { title: `Generated ${index + 1}`, create_time: start, update_time: start + exchanges * 2, conversation_id: `${idPrefix}-${index}`, mapping };
    yield `${index === 0 ? '' : ','}${JSON.stringify(conversation)}`;
  }
  yield ']';
}
