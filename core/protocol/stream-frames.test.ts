import { describe, expect, it } from 'vitest';
import { contentPartFrameSchema, messageFrameSchema, progressFrameSchema, withoutPluginMarkers } from './stream-frames.js';

describe('the stream frame schema', () => {
  it('routes a text content part (which also says message: true) as content, not as progress', () => {
    const part = { type: 'text', index: 0, text: 'Hel', message: true, initial: true, messageId: 'a1', conversationId: 'c1', thread_id: 'thread_1' };
    expect(contentPartFrameSchema.safeParse(part).success).toBe(true);
    expect(messageFrameSchema.parse(part)).toHaveProperty('type', 'text');
  });

  it('reads the assistants tool calls and images, and the plugins endpoint tool progress', () => {
    const base = { index: 1, messageId: 'a1', conversationId: 'c1' };
    const toolCall = { ...base, type: 'tool_call', tool_call: { id: 'call_1', type: 'function', progress: 1, function: { name: 'get_weather', arguments: '{"city":"Oslo"}', output: 'sunny' } } };
    const image = { ...base, type: 'image_file', image_file: { file_id: 'file_1', filepath: '/images/u1/file_1.png', width: 512, height: 512 } };
    const failed = { ...base, type: 'error', text: { value: 'The run failed' } };
    for (const frame of [toolCall, image, failed]) expect(contentPartFrameSchema.safeParse(frame).success).toBe(true);
    expect(contentPartFrameSchema.safeParse({ ...toolCall, tool_call: { id: 'call_1', type: 'shell' } }).success).toBe(false);

    const plugins = [{ runId: 'r1', loading: true, inputs: ['{"q":"weather"}'], latest: 'google', outputs: null }];
    const progress = { message: true, text: ':::plugin:::\n', initial: true, messageId: 'a1', parentMessageId: 'u1', conversationId: 'c1', sender: 'GPT-4', plugins };
    expect(progressFrameSchema.parse(progress).plugins).toEqual(plugins);
  });

  it('refuses what the client could not route: a progress frame without its text, a keep-alive with data', () => {
    expect(messageFrameSchema.safeParse({ message: true, initial: true, messageId: 'a1', parentMessageId: 'u1', conversationId: 'c1', sender: 'AI' }).success).toBe(false);
    expect(messageFrameSchema.safeParse({ keepAlive: false }).success).toBe(false);
    expect(messageFrameSchema.safeParse({ keepAlive: true })).toMatchObject({ success: true, data: { keepAlive: true } });
  });
});

describe('withoutPluginMarkers', () => {
  it('takes the plugins endpoint markers out of a reply, keeping its paragraphs apart', () => {
    expect(withoutPluginMarkers(':::plugin:::\n:::plugin:::\nIt is 42.')).toBe('It is 42.');
    expect(withoutPluginMarkers('Let me compute.:::plugin:::\nIt is 42.')).toBe('Let me compute.\nIt is 42.');
    expect(withoutPluginMarkers('No markers.')).toBe('No markers.');
  });
});
