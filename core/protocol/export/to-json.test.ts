import { describe, expect, it } from 'vitest';
import { exportAt, exportConversationRecord, exportMessages } from '../../../testing/export-fixtures.js';
import { exportOptions } from './export-options.js';
import { buildExportTree } from './export-tree.js';
import { pickNested, pickSequential } from './pick-messages.js';
import { toJson } from './to-json.js';

const header = { conversationId: 'convo-1', endpoint: 'openAI', title: 'Trip plans', exportAt };
const tree = buildExportTree(exportMessages);

describe('toJson', () => {
  it('writes the recursive export with 4-space indents in LibreChat key order, undefined options dropped', () => {
    const json = toJson(header, true, exportOptions(exportConversationRecord), { recursive: true, messagesTree: pickNested(tree, { branches: true }) });
    const data = JSON.parse(json);
    expect(Object.keys(data)).toEqual(['conversationId', 'endpoint', 'title', 'exportAt', 'branches', 'recursive', 'options', 'messagesTree']);
    expect(json.split('\n')[1]).toBe('    "conversationId": "convo-1",');
    expect(Object.keys(data.options)).not.toContain('endpointType');
    expect(data.options.chatGptLabel).toBeNull();
    expect(data.messagesTree[0].children.map((child: { messageId: string }) => child.messageId)).toEqual(['a1', 'a2']);
    expect(data.messagesTree[0].children[0].children[0].children[0]).toEqual({ ...exportMessages[3], children: [] });
  });

  it('writes the sequential export as a flat messages list, without options when not included', () => {
    const data = JSON.parse(toJson(header, false, null, { recursive: false, messages: pickSequential(tree, { branches: false }) }));
    expect(Object.keys(data)).toEqual(['conversationId', 'endpoint', 'title', 'exportAt', 'branches', 'recursive', 'messages']);
    expect(data).toMatchObject({ branches: false, recursive: false });
    expect(data.messages).toEqual([exportMessages[0], exportMessages[4]]);
  });
});
