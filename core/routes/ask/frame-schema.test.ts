import { afterEach, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../chat/message-tree.js';
import { errorFrameSchema, messageFrameSchema } from '../../protocol/stream-frames.js';
import { buildChatTestServer, type ChatTestContext } from '../../../testing/build-chat-test-server.js';

let chat: ChatTestContext | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const firstTurn = { text: 'Hello there', conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI' };

/** The frames the turn engine sends are the ones core/protocol/stream-frames.ts declares, which the UI parses with. */
describe('the stream frames of a real turn', () => {
  it('reads every frame a real turn sends, each as the frame the client routes it to', async () => {
    chat = await buildChatTestServer();
    chat.upstreams.openai.control.configure({ reply: 'Hi! How can I help?', chunkSize: 5 });
    const { frames } = await chat.ask(firstTurn);
    const kinds = frames.map(({ event, data }) => {
      expect(event).toBe('message');
      const parsed = messageFrameSchema.parse(data);
      if ('final' in parsed) return 'final';
      if ('created' in parsed) return 'created';
      return 'message' in parsed ? 'progress' : 'other';
    });
    expect(kinds).toEqual(['created', 'progress', 'progress', 'progress', 'progress', 'final']);
  });

  it('reads the error frame of a failed turn', async () => {
    chat = await buildChatTestServer();
    chat.upstreams.openai.control.failNext({ status: 401, code: 'invalid_api_key', type: 'invalid_request_error', message: 'Incorrect API key provided' });
    const { frames } = await chat.ask(firstTurn);
    const error = frames.at(-1)!;
    expect(error.event).toBe('error');
    expect(errorFrameSchema.parse(error.data)).toMatchObject({ error: true, isCreatedByUser: false, final: true });
  });
});
