import { describe, expect, it } from 'vitest';
import { exportAt } from '../../../testing/export-fixtures.js';
import { exportConversation, type ExportSettings } from './export-conversation.js';
import { exportMessageText } from './message-text.js';

const NO_PARENT = '00000000-0000-0000-0000-000000000000';

/**
 * An assistants thread as the run stores it: the reply's words, its code and a retrieval live in
 * `content` parts; `text` is left empty here, as in a LibreChat export of an OpenAI thread, so only
 * the parts can carry them.
 */
const question = { messageId: 'u1', parentMessageId: NO_PARENT, conversationId: 'c1', sender: 'User', text: 'Mean of 2 and 4, and what does the memo say?', isCreatedByUser: true, error: false, unfinished: false, createdAt: '2024-05-01T10:00:00.000Z' };
const reply = {
  messageId: 'a1', parentMessageId: 'u1', conversationId: 'c1', sender: 'Tutor', text: '', isCreatedByUser: false, error: false, unfinished: false, createdAt: '2024-05-01T10:00:01.000Z',
  thread_id: 'thread_1', assistant_id: 'asst_1',
  content: [
    { type: 'tool_call', tool_call: { id: 'call_1', type: 'code_interpreter', code_interpreter: { input: 'print((2 + 4) / 2)', outputs: [{ type: 'logs', logs: '3.0' }] }, progress: 1 } },
    { type: 'tool_call', tool_call: { id: 'call_2', type: 'retrieval', retrieval: {}, progress: 1 } },
    { type: 'text', text: { value: 'The mean is 3, and the memo says "ship it" ^1^.', annotations: [] } },
    { type: 'image_file', image_file: { file_id: 'file_1', filepath: '/images/u1/plot.png', filename: 'plot.png' } },
    { type: 'tool_call', tool_call: { id: 'call_3', type: 'function', function: { name: 'calculator', arguments: '{"input":"2+4"}', output: '6' }, progress: 1 } },
    { type: 'a_future_part', whatever: true },
  ],
};
const messages = [question, reply];
const conversation = { conversationId: 'c1', title: 'Numbers', endpoint: 'assistants', assistant_id: 'asst_1', model: 'gpt-4o' };
const settings: ExportSettings = { includeOptions: false, branches: false, recursive: false };
const exportAs = (type: 'text' | 'markdown' | 'json' | 'csv') => exportConversation({ type, fileName: 'Numbers', conversation, messages, settings, exportAt }).content;

describe('exportMessageText', () => {
  it('writes the content parts of an assistants reply in order, skipping a part it does not know', () => {
    expect(exportMessageText(reply)).toBe(
      [
        '[code interpreter]\nprint((2 + 4) / 2)\n[output]\n3.0',
        '[used retrieval]',
        'The mean is 3, and the memo says "ship it" ^1^.',
        '[image] plot.png',
        '[function calculator] {"input":"2+4"}\n[output]\n6',
      ].join('\n\n'),
    );
  });

  it('prints the text of a message without parts, and of one whose parts say nothing', () => {
    expect(exportMessageText(question)).toBe(question.text);
    expect(exportMessageText({ ...reply, text: 'kept', content: [{ type: 'text', text: { value: '' } }] })).toBe('kept');
  });
});

describe('exporting an assistants conversation', () => {
  it('carries the content parts into text, Markdown and CSV', () => {
    expect(exportAs('text')).toContain('>> Tutor:\n[code interpreter]\nprint((2 + 4) / 2)\n[output]\n3.0\n\n[used retrieval]\n\nThe mean is 3');
    expect(exportAs('markdown')).toContain('**Tutor:**\n[code interpreter]');
    const rows = exportAs('csv').split('\r\n');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatch(/^Tutor,"\[code interpreter\]\nprint\(\(2 \+ 4\) \/ 2\)[\s\S]*the memo says ""ship it"" \^1\^\.[\s\S]*\[function calculator\]/);
  });

  it('keeps the parts themselves, thread and assistant in JSON', () => {
    const data = JSON.parse(exportAs('json'));
    expect(data.endpoint).toBe('assistants');
    expect(data.messages[1]).toMatchObject({ thread_id: 'thread_1', assistant_id: 'asst_1', content: reply.content });
  });
});
