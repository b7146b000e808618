import { describe, expect, it } from 'vitest';
import type { ContentPart } from '../../core/plugin-api/index.js';
import { alternatingTurns, collectSystemPrompt, inTurnOrder } from './chat-messages.js';
import { textWithImages } from './stream-test-helpers.js';
import { pickCredential, usableSetting } from './credentials.js';
import { parseDataUrl } from './data-url.js';

describe('alternatingTurns', () => {
  it('merges same-role neighbours, drops empty and system messages, keeps images', () => {
    const turns = alternatingTurns([
      { role: 'system', content: 'rules' },
      { role: 'assistant', content: 'Hi!' },
      { role: 'user', content: textWithImages('One', [{ url: 'data:image/png;base64,AA==' }]) },
      { role: 'assistant', content: '  ' },
      { role: 'user', content: 'Two' },
      { role: 'user', content: [{ type: 'text', text: '' }, { type: 'image', url: 'https://x/y.png' }] },
    ]);
    expect(turns).toEqual([
      { role: 'assistant', content: 'Hi!' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'One' },
          { type: 'image', url: 'data:image/png;base64,AA==' },
          { type: 'text', text: 'Two' },
          { type: 'text', text: '' },
          { type: 'image', url: 'https://x/y.png' },
        ],
      },
    ]);
  });

  it('joins plain-text neighbours with a blank line, as before content parts', () => {
    expect(alternatingTurns([{ role: 'user', content: 'One' }, { role: 'user', content: '' }, { role: 'user', content: 'Two' }])).toEqual([{ role: 'user', content: 'One\n\nTwo' }]);
  });

  it('puts tool results on the user side, merged with a following prompt', () => {
    const result: ContentPart = { type: 'tool-result', toolCallId: 'call_1', toolName: 'clock', output: [{ type: 'text', text: '12:00' }] };
    const turns = alternatingTurns([
      { role: 'assistant', content: [{ type: 'tool-call', id: 'call_1', name: 'clock', input: {} }] },
      { role: 'tool', content: [result] },
      { role: 'user', content: 'Thanks' },
    ]);
    expect(turns).toEqual([
      { role: 'assistant', content: [{ type: 'tool-call', id: 'call_1', name: 'clock', input: {} }] },
      { role: 'user', content: [result, { type: 'text', text: 'Thanks' }] },
    ]);
  });
});

describe('inTurnOrder', () => {
  it('puts tool results first, then images and files, then text, keeping order within a rank', () => {
    const parts: ContentPart[] = [
      { type: 'text', text: 'a' },
      { type: 'image', url: 'u1' },
      { type: 'tool-result', toolCallId: 'c', toolName: 't', output: [] },
      { type: 'file', url: 'u2', mediaType: 'application/pdf' },
      { type: 'text', text: 'b' },
    ];
    expect(inTurnOrder(parts).map((part) => (part.type === 'text' ? part.text : part.type))).toEqual(['tool-result', 'image', 'file', 'a', 'b']);
  });
});

describe('collectSystemPrompt', () => {
  it('joins the request system, extras and system messages, skipping blanks', () => {
    const request = { model: 'm', system: 'A', messages: [{ role: 'system' as const, content: 'C' }], parameters: {} };
    expect(collectSystemPrompt(request, 'B', ' ')).toBe('A\n\nB\n\nC');
    expect(collectSystemPrompt({ model: 'm', messages: [], parameters: {} })).toBeUndefined();
  });
});

describe('credentials', () => {
  it('ignores user_provided, empty and unresolved ${VAR} settings', () => {
    expect(usableSetting('user_provided')).toBeUndefined();
    expect(usableSetting('${OPENAI_API_KEY}')).toBeUndefined();
    expect(usableSetting('')).toBeUndefined();
    expect(usableSetting('sk-1')).toBe('sk-1');
  });

  it('prefers the per-call value', () => {
    expect(pickCredential('mine', 'configured')).toBe('mine');
    expect(pickCredential(undefined, 'configured')).toBe('configured');
  });
});

describe('parseDataUrl', () => {
  it('splits a base64 data URL and refuses other URLs', () => {
    expect(parseDataUrl('data:image/webp;base64,UklGR==')).toEqual({ mimeType: 'image/webp', data: 'UklGR==' });
    expect(parseDataUrl('https://example.com/a.png')).toBeUndefined();
  });
});
