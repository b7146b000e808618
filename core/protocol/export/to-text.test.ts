import { describe, expect, it } from 'vitest';
import { exportAt, exportConversationRecord, exportMessages } from '../../../testing/export-fixtures.js';
import { exportOptions } from './export-options.js';
import { buildExportTree } from './export-tree.js';
import { pickSequential } from './pick-messages.js';
import { toText } from './to-text.js';

const header = { conversationId: 'convo-1', endpoint: 'openAI', title: 'Trip plans', exportAt };
const shown = pickSequential(buildExportTree(exportMessages), { branches: false, shownIds: new Set(['a1', 'u2', 'a3']) });

describe('toText', () => {
  it('writes header, options (undefined and null as words) and the shown branch with error notes', () => {
    expect(toText(header, exportOptions(exportConversationRecord), shown)).toBe(
      [
        'Conversation',
        '########################',
        'conversationId: convo-1',
        'endpoint: openAI',
        'title: Trip plans',
        `exportAt: ${exportAt}`,
        '',
        'Options',
        '########################',
        'presetId: null',
        'model: gpt-4o',
        'chatGptLabel: null',
        'promptPrefix: null',
        'temperature: 0.5',
        'top_p: 1',
        'presence_penalty: 0',
        'frequency_penalty: 0',
        'resendFiles: true',
        'imageDetail: auto',
        'endpoint: openAI',
        'endpointType: undefined',
        'title: Trip plans',
        '',
        'History',
        '########################',
        '>> User:',
        'Hello, world',
        '',
        '',
        '>> GPT-4o:',
        'Hi "there"',
        'line two',
        '',
        '',
        '>> User:',
        'Follow up',
        '',
        '',
        '>> GPT-4o:',
        'Something broke',
        '(This is an error message)',
        '',
        '',
        '',
      ].join('\n'),
    );
  });

  it('leaves the options out when not included and marks unfinished replies', () => {
    const newest = pickSequential(buildExportTree(exportMessages), { branches: false });
    const text = toText({ ...header, title: undefined }, null, newest);
    expect(text).not.toContain('Options');
    expect(text).toContain('title: undefined\n');
    expect(text.endsWith('>> GPT-4o:\nSecond reply\n(This is an unfinished message)\n\n\n')).toBe(true);
  });
});
