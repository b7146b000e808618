import type { ChatTestContext } from './build-chat-test-server.js';
import { readSseFrames, type SseFrame } from './sse-frames.js';

/** A tool run as the approval tests read it from frames and stored replies. */
export interface ApprovalRun {
  runId: string;
  latest: string;
  outputs: string | null;
  loading: boolean;
  error?: boolean;
  approval?: { id: string; status: string; expiresAt?: string };
}

/**
 * Test helper: turns over real HTTP on a listening chat test server, read frame by frame, so a test
 * can answer a call while the turn waits for it (app.inject only answers once the stream has ended).
 */
export async function listenForTurns(chat: ChatTestContext) {
  await chat.app.listen({ port: 0, host: '127.0.0.1' });
  const address = chat.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const post = (path: string, body: unknown, token: string | null = chat.token) =>
    fetch(`${base}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  return {
    post,
    /** POST /api/ask/approval. */
    answer: (approvalId: unknown, allow: unknown, token: string | null = chat.token) => post('/api/ask/approval', { approvalId, allow }, token),
    /**
     * One turn: `onPending` is called once for each call that waits for approval (with the turn's
     * conversation id) while the turn waits; the frames, the last one and every run streamed.
     */
    async converse(route: string, body: Record<string, unknown>, onPending: (run: ApprovalRun, conversationId: string) => Promise<void> = async () => {}) {
      const response = await post(`/api/ask/${route}`, body);
      if (response.status !== 200) throw new Error(`the turn answered ${response.status}: ${await response.text()}`);
      const frames: SseFrame[] = [];
      const asked = new Set<string>();
      let conversationId = '';
      for await (const frame of readSseFrames(response)) {
        frames.push(frame);
        if (frame.data?.created) conversationId = frame.data.message.conversationId;
        const runs: ApprovalRun[] = frame.data?.plugins ?? [];
        for (const run of runs) {
          if (run.approval?.status !== 'pending' || asked.has(run.approval.id)) continue;
          asked.add(run.approval.id);
          await onPending(run, conversationId);
        }
      }
      return { frames, final: frames.at(-1)!.data, runs: frames.flatMap((frame): ApprovalRun[] => frame.data?.plugins ?? []) };
    },
  };
}
