import type { ChatServices } from '../../chat/chat-services.js';
import type { Tool, ToolCallPart } from '../../plugin-api/index.js';
import { toPluginLogger } from '../../plugin-host/plugin-logger.js';
import { executeCall } from '../../chat/agent-loop.js';
import { isRetrievalMimeType } from '../../protocol/files.js';
import type { TextValue } from '../run/content-parts.js';
import type { CapabilityContext, CapabilityFactory } from '../run/run-capability.js';

type Services = Pick<ChatServices, 'store' | 'documents' | 'log'>;

/** Passages one search answers: enough to answer from, few enough to keep the prompt small. */
const passagesPerSearch = 5;
/** A passage is shown to the model up to this many characters. */
const maxPassageChars = 2_000;

/** A passage the model was given, under its mark (`^N^`). */
interface Source {
  fileId: string;
  fileName: string;
  quote: string;
}

/**
 * The retrieval capability (issue 18 §3): a search over the assistant's knowledge files (indexed at
 * upload with the files issue's machinery: chatbox's index or LibreChat's RAG API), offered only to
 * models in `retrievalModels`. Each passage it answers carries a mark numbered across the run; the
 * model cites with the marks, and once the run is over the reply gets LibreChat's rendering of
 * OpenAI's file citations: the `^N^` marks as `file_citation` annotations and a list of the cited
 * sources (`^N.^ <file name>`) after a blank line.
 */
export function retrievalCapability(services: Services, retrievalModels: readonly string[]): CapabilityFactory {
  return (context: CapabilityContext) => {
    if (!retrievalModels.includes(context.model)) return { off: `the model "${context.model}" is not one of endpoints.assistants.retrievalModels` };
    const sources: Source[] = [];
    const tool: Tool = {
      name: 'retrieval',
      description:
        "Searches the assistant's knowledge files (documents the user uploaded for this assistant) and answers the passages that match, each with its file name and a mark like ^1^. " +
        'Cite every passage you use by putting its mark right after the sentence it supports.',
      inputSchema: {
        type: 'object',
        properties: { query: { type: 'string', minLength: 1, maxLength: 1_000, description: 'What to look for, in a few words or a question.' } },
        required: ['query'],
        additionalProperties: false,
      },
      // Not in the tool store (GET /api/plugins), so the icon is never listed; a search icon of the set.
      manifest: { displayName: 'Retrieval', summary: "Searches the assistant's knowledge files.", icon: '/assets/tools/azure-ai-search.svg', credentials: [] },
      async execute(input, toolContext) {
        const query = typeof input === 'object' && input !== null && 'query' in input && typeof input.query === 'string' ? input.query : '';
        const fileIds = await retrievalFileIds(services, context.userId, context.assistant.file_ids);
        if (fileIds.length === 0) return [{ type: 'text', text: 'The assistant has no knowledge files retrieval can search (files of other types are for the code interpreter only).' }];
        const passages = await services.documents.search({ userId: context.userId, fileIds, question: query, limit: passagesPerSearch }, { signal: toolContext.signal });
        if (passages.length === 0) return [{ type: 'text', text: `Nothing in the knowledge files matches "${query}".` }];
        const lines = passages.map((passage) => {
          sources.push({ fileId: passage.fileId, fileName: passage.fileName, quote: passage.text.slice(0, maxPassageChars) });
          return `^${sources.length}^ (${passage.fileName}): ${passage.text.slice(0, maxPassageChars)}`;
        });
        return [{ type: 'text', text: `Passages from the knowledge files (cite the ones you use by their marks):\n\n${lines.join('\n\n')}` }];
      },
    };
    const resolved = { key: 'retrieval', tool, log: toPluginLogger(services.log.child({ tool: 'retrieval' })), authenticated: true };
    return {
      resolved,
      present: {
        start: (call: ToolCallPart) => ({ id: call.id, type: 'retrieval', retrieval: {}, progress: 0.01 }),
        run: async (scope, call) => ({ result: await executeCall(scope, resolved, call), toolCall: { id: call.id, type: 'retrieval', retrieval: {}, progress: 1 }, images: [] }),
      },
      rewriteText: (text) => citeSources(text, sources),
    };
  };
}

/** The knowledge files retrieval reads (spec 001: split by type); the others are the code interpreter's only. */
async function retrievalFileIds(services: Services, userId: string, fileIds: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const fileId of fileIds) {
    const record = await services.store.files.find(userId, fileId);
    if (record && isRetrievalMimeType(record.type)) ids.push(fileId);
  }
  return ids;
}

/** LibreChat's citations: each `^N^` of a known source annotated, and the cited sources listed in mark order. */
export function citeSources(text: TextValue, sources: readonly Source[]): TextValue {
  const annotations: unknown[] = [];
  const cited = new Set<number>();
  for (const match of text.value.matchAll(/\^(\d+)\^/g)) {
    const mark = Number(match[1]);
    const source = sources[mark - 1];
    if (!source) continue;
    cited.add(mark);
    annotations.push({ type: 'file_citation', text: match[0], start_index: match.index, end_index: match.index + match[0].length, file_citation: { file_id: source.fileId, quote: source.quote } });
  }
  if (cited.size === 0) return text;
  const list = [...cited].sort((a, b) => a - b).map((mark) => `^${mark}.^ ${sources[mark - 1]!.fileName}`);
  return { value: `${text.value}\n\n${list.join('\n')}`, annotations: [...text.annotations, ...annotations] };
}
