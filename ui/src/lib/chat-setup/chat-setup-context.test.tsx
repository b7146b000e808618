import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '../token-store.js';
import { ChatSetupProvider, useChatSetup } from './chat-setup-context.js';

function Probe() {
  const { setup, update } = useChatSetup();
  return (
    <button type="button" onClick={() => update({ endpoint: 'anthropic', model: 'claude' })}>
      {JSON.stringify(setup)}
    </button>
  );
}

describe('ChatSetupProvider', () => {
  it('restores the stored setup, stores changes, and forgets them when the session ends', () => {
    window.localStorage.setItem('lastConversationSetup', JSON.stringify({ endpoint: 'openAI', model: 'gpt-4o' }));
    tokenStore.set('tok');
    render(
      <ChatSetupProvider>
        <Probe />
      </ChatSetupProvider>,
    );
    const probe = screen.getByRole('button');
    expect(probe).toHaveTextContent('{"endpoint":"openAI","model":"gpt-4o"}');
    act(() => probe.click());
    expect(JSON.parse(window.localStorage.getItem('lastConversationSetup')!)).toEqual({ endpoint: 'anthropic', model: 'claude' });

    // A rotated token keeps the setup; signing out drops it.
    act(() => tokenStore.set('tok-2'));
    expect(probe).toHaveTextContent('anthropic');
    act(() => tokenStore.clear());
    expect(probe).toHaveTextContent('{"endpoint":null}');
  });
});
