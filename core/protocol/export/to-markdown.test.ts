import { describe, expect, it } from 'vitest';
import { exportAt, exportMessages } from '../../../testing/export-fixtures.js';
import { buildExportTree } from './export-tree.js';
import { pickSequential } from './pick-messages.js';
import { toMarkdown } from './to-markdown.js';

const header = { conversationId: 'convo-1', endpoint: 'openAI', title: 'Trip plans', exportAt };

describe('toMarkdown', () => {
  it('writes the conversation as LibreChat does, objects as [object Object]', () => {
    const messages = pickSequential(buildExportTree(exportMessages), { branches: false });
    const options = { presetId: null, agentOptions: { agent: 'functions' }, tools: ['a', 'b'], endpointType: undefined };
    expect(toMarkdown(header, options, messages)).toBe(
      [
        '# Conversation',
        '- conversationId: convo-1',
        '- endpoint: openAI',
        '- title: Trip plans',
        `- exportAt: ${exportAt}`,
        '',
        '## Options',
        '- presetId: null',
        '- agentOptions: [object Object]',
        '- tools: a,b',
        '- endpointType: undefined',
        '',
        '## History',
        '**User:**',
        'Hello, world',
        '',
        '',
        '**GPT-4o:**',
        'Second reply',
        '*(This is an unfinished message)*',
        '',
        '',
        '',
      ].join('\n'),
    );
  });

  it('marks error replies and leaves options out when not included', () => {
    const messages = pickSequential(buildExportTree(exportMessages), { branches: false, shownIds: new Set(['a1']) });
    const markdown = toMarkdown(header, null, messages);
    expect(markdown).not.toContain('## Options');
    expect(markdown).toContain('**GPT-4o:**\nSomething broke\n*(This is an error message)*\n\n\n');
  });
});
