import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer } from '../../../testing/build-test-server.js';
import { startAssistantsServer, type AssistantsTestServer } from '../../../testing/assistants-test-server.js';
import { startFakeUpstreams, type FakeUpstreams, type RecordedRequest } from '../../../testing/fake-upstreams/index.js';
import { multipartBody } from '../../../testing/multipart-body.js';
import { parseSseFrames, readSseFrames, type SseFrame } from '../../../testing/sse-frames.js';
import { toolResultsIn } from '../../../testing/tool-results-in.js';

let upstreams: FakeUpstreams;
let server: AssistantsTestServer;

beforeAll(async () => {
  upstreams = await startFakeUpstreams();
  server = await startAssistantsServer({
    yaml: 'endpoints:\n  assistants:\n    retrievalModels: [gpt-4o]\n',
    env: { ASSISTANTS_BASE_URL: `${upstreams.openai.url}/v1`, TITLE_CONVO: 'false', LIMIT_MESSAGE_IP: 'false', LIMIT_MESSAGE_USER: 'false', CODE_INTERPRETER_TIMEOUT_MS: '8000' },
  });
});
afterAll(async () => {
  await server?.close();
  await upstreams?.close();
});
beforeEach(() => upstreams.reset());

const notes = '# Orchard notes\n\nThe walnut harvest was counted in the orchard notes: 40 baskets.\n';
const ledger = 'item,baskets\nwalnut harvest ledger,57\n';

/** The model calls `first` while no tool result is in the request, then answers with `answer`. */
function script(first: Array<{ id: string; name: string; input: Record<string, unknown> }>, answer: (results: string[]) => string) {
  upstreams.openai.control.configure({
    reply: (request: RecordedRequest) => (toolResultsIn(request.body).length === 0 ? '' : answer(toolResultsIn(request.body))),
    toolCalls: (request: RecordedRequest) => (toolResultsIn(request.body).length === 0 ? first : []),
  });
}

/** An assistant with both capabilities and two knowledge files: a Markdown file (retrieval's type) and a CSV (the code interpreter's only). */
async function assistantWithKnowledge(): Promise<string> {
  const created = await server.request('POST', '/api/assistants', { name: 'Orchard', model: 'gpt-4o', tools: [{ type: 'code_interpreter' }, { type: 'retrieval' }] });
  const assistantId: string = created.json().id;
  for (const [file, embedded] of [[{ content: notes, fileName: 'orchard-notes.md', type: 'text/markdown' }, true], [{ content: ledger, fileName: 'ledger.csv', type: 'text/csv' }, false]] as const) {
    const body = await multipartBody([['file', file], ['file_id', randomUUID()], ['assistant_id', assistantId], ['endpoint', 'assistants']]);
    const response = await server.app.inject({ method: 'POST', url: '/api/files', payload: body.payload, headers: { ...body.headers, ...bearer(server.alice) } });
    expect(response.statusCode).toBe(200);
    // Only retrieval's types are indexed; the CSV is stored and attached all the same.
    expect(Boolean(response.json().embedded)).toBe(embedded);
  }
  expect((await server.request('GET', `/api/assistants/${assistantId}`)).json().file_ids).toHaveLength(2);
  return assistantId;
}

async function chat(payload: Record<string, unknown>): Promise<SseFrame[]> {
  const response = await server.app.inject({ method: 'POST', url: '/api/assistants/chat', headers: bearer(server.alice), payload });
  return parseSseFrames(response.body);
}

describe('knowledge files split by type (spec 001)', () => {
  it('lets retrieval search only the retrieval-type files, and mounts every knowledge file for the code interpreter', async () => {
    const assistantId = await assistantWithKnowledge();

    script([{ id: 'call_search', name: 'retrieval', input: { query: 'walnut harvest baskets' } }], () => 'Found it.');
    await chat({ text: 'How many walnut baskets?', assistant_id: assistantId });
    const searched = toolResultsIn(upstreams.openai.control.requests.at(-1)!.body).join('\n');
    expect(searched).toContain('(orchard-notes.md)');
    expect(searched).toContain('40 baskets');
    expect(searched).not.toContain('ledger');

    script([{ id: 'call_list', name: 'code_interpreter', input: { code: "import os\nprint(sorted(os.listdir('/mnt/data')))" } }], () => 'Listed.');
    await chat({ text: 'Which files do you have?', assistant_id: assistantId });
    expect(toolResultsIn(upstreams.openai.control.requests.at(-1)!.body).join('\n')).toContain("['ledger.csv', 'orchard-notes.md']");
  }, 60_000);

  it('tells the model when no knowledge file is of a type retrieval reads', async () => {
    const created = await server.request('POST', '/api/assistants', { name: 'Ledger', model: 'gpt-4o', tools: [{ type: 'retrieval' }] });
    const assistantId: string = created.json().id;
    const body = await multipartBody([['file', { content: ledger, fileName: 'ledger.csv', type: 'text/csv' }], ['file_id', randomUUID()], ['assistant_id', assistantId], ['endpoint', 'assistants']]);
    expect((await server.app.inject({ method: 'POST', url: '/api/files', payload: body.payload, headers: { ...body.headers, ...bearer(server.alice) } })).statusCode).toBe(200);
    script([{ id: 'call_search', name: 'retrieval', input: { query: 'walnut' } }], (results) => results.join());
    const frames = await chat({ text: 'Walnuts?', assistant_id: assistantId });
    expect(frames.at(-1)!.data.responseMessage.text).toContain('no knowledge files retrieval can search');
  });
});

describe('the retrieval frames', () => {
  it('sends "searching my knowledge" (progress below 1) before the search runs, then "used retrieval"', async () => {
    const assistantId = await assistantWithKnowledge();
    script([{ id: 'call_search', name: 'retrieval', input: { query: 'walnut harvest' } }], () => 'Forty baskets.');
    const received: SseFrame[] = [];
    // The search waits until the client holds the in-progress frame: were it sent after the search, this would time out.
    const documents = server.app.chat.documents;
    const search = documents.search.bind(documents);
    let seenBeforeSearch: SseFrame[] = [];
    documents.search = async (...args) => {
      for (let waited = 0; waited < 5_000 && !received.some((frame) => frame.data.tool_call?.progress < 1); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      seenBeforeSearch = [...received];
      return search(...args);
    };
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
      const response = await fetch(`${base}/api/assistants/chat`, { method: 'POST', body: JSON.stringify({ text: 'Walnuts?', assistant_id: assistantId }), headers: { 'content-type': 'application/json', ...bearer(server.alice) } });
      for await (const frame of readSseFrames(response)) received.push(frame);
    } finally {
      documents.search = search;
    }
    expect(seenBeforeSearch.map((frame) => frame.data.tool_call?.progress).filter((progress) => progress !== undefined)).toEqual([0.01]);
    const calls = received.filter((frame) => frame.data.type === 'tool_call').map((frame) => frame.data);
    expect(calls.map((frame) => [frame.index, frame.tool_call.type, frame.tool_call.progress])).toEqual([[0, 'retrieval', 0.01], [0, 'retrieval', 1]]);
    const order = received.map((frame) => (frame.data.sync ? 'sync' : frame.data.final ? 'final' : frame.data.type));
    expect(order[0]).toBe('sync');
    expect(order.at(-1)).toBe('final');
    expect(order.indexOf('tool_call')).toBeLessThan(order.indexOf('text'));
  });
});
