import { describe, expect, it } from 'vitest';
import { alternatingTurns, collectSystemPrompt } from './chat-messages.js';
import { pickCredential, usableSetting } from './credentials.js';
import { parseDataUrl } from './data-url.js';

describe('alternatingTurns', () => {
  it('merges same-role neighbours, drops empty and system messages, keeps images', () => {
    const turns = alternatingTurns([
      { role: 'system', content: 'rules' },
      { role: 'assistant', content: 'Hi!' },
      { role: 'user', content: 'One', images: [{ url: 'data:image/png;base64,AA==' }] },
      { role: 'assistant', content: '  ' },
      { role: 'user', content: 'Two' },
      { role: 'user', content: '', images: [{ url: 'https://x/y.png' }] },
    ]);
    expect(turns).toEqual([
      { role: 'assistant', content: 'Hi!' },
      { role: 'user', content: 'One\n\nTwo', images: [{ url: 'data:image/png;base64,AA==' }, { url: 'https://x/y.png' }] },
    ]);
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
