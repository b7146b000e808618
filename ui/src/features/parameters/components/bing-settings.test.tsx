import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAST_BING_SETTINGS_KEY } from '../../../lib/chat-setup/index.js';
import { json, mockFetch, testConfig } from '../../../test/mock-fetch.js';
import { SetupProbe, readSetup, renderFeature } from '../../../test/render-feature.js';
import { ParametersPopover } from './parameters-popover.js';

const endpoints = {
  bingAI: { order: 4, userProvide: false, userProvideURL: false },
  chatGPTBrowser: { order: 5, userProvide: false, userProvideURL: false },
};
const models = { bingAI: ['BingAI', 'Sydney'], chatGPTBrowser: ['text-davinci-002-render-sha', 'gpt-4'] };

afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
});

async function openSettings(setup: object, path = '/c/new', settings: object = {}) {
  const calls = mockFetch({
    'GET /api/config': () => json(200, testConfig({ interface: settings })),
    'GET /api/endpoints': () => json(200, endpoints),
    'GET /api/models': () => json(200, models),
    'POST /api/tokenizer': (request) => json(200, { count: String((request.body as { text: string }).text).split(/\s+/).length * 10 }),
  });
  const view = renderFeature(
    <>
      <ParametersPopover />
      <SetupProbe />
    </>,
    { setup: setup as never, path },
  );
  await view.user.click(screen.getByRole('button', { name: 'Conversation settings' }));
  const panel = await screen.findByRole('dialog', { name: 'Conversation settings' });
  return { ...calls, ...view, panel };
}

describe('the Bing settings', () => {
  it('switch the mode (Sydney = jailbreak) and the tone, remembered as lastBingSettings', async () => {
    const { user, panel } = await openSettings({ endpoint: 'bingAI', model: 'BingAI', jailbreak: false, toneStyle: 'creative' });
    const mode = within(panel).getByRole('combobox', { name: 'Mode' });
    expect(mode).toHaveTextContent('BingAI');
    // BingAI mode: no system message (only Sydney reads one).
    expect(within(panel).queryByRole('textbox', { name: 'System message' })).not.toBeInTheDocument();

    await user.click(mode);
    await user.click(within(panel).getByRole('option', { name: 'Sydney' }));
    expect(readSetup()).toMatchObject({ jailbreak: true, model: 'Sydney' });
    const systemMessage = within(panel).getByRole('textbox', { name: 'System message' });
    fireEvent.change(systemMessage, { target: { value: 'Be terse.' } });
    expect(readSetup().systemMessage).toBe('Be terse.');

    const tones = within(panel).getByRole('radiogroup', { name: 'Tone style' });
    expect(within(tones).getAllByRole('radio').map((radio) => radio.textContent)).toEqual(['Creative', 'Fast', 'Balanced', 'Precise']);
    expect(within(tones).getByRole('radio', { name: 'Creative' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(tones).getByRole('radio', { name: 'Precise' }));
    expect(readSetup().toneStyle).toBe('precise');
    expect(JSON.parse(window.localStorage.getItem(LAST_BING_SETTINGS_KEY) ?? 'null')).toEqual({ jailbreak: true, toneStyle: 'precise' });
    // No tuning to reset: the button is not offered.
    expect(within(panel).queryByRole('button', { name: 'Reset to defaults' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Save as preset' })).toBeInTheDocument();
  });

  it('count the context tokens once typing pauses for 250 ms', async () => {
    const { panel, callsTo } = await openSettings({ endpoint: 'bingAI', model: 'BingAI' });
    const context = within(panel).getByRole('textbox', { name: 'Context' });
    expect(within(panel).getByText('Token count: 0')).toBeInTheDocument();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(context, { target: { value: 'one two' } });
    fireEvent.change(context, { target: { value: 'one two three' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(callsTo('POST', '/api/tokenizer')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(await within(panel).findByText('Token count: 30')).toBeInTheDocument();
    // Only the settled text was counted.
    expect(callsTo('POST', '/api/tokenizer').map((request) => request.body)).toEqual([{ text: 'one two three' }]);
    expect(readSetup().context).toBe('one two three');

    // Past Bing's ~7k tokens, the count warns.
    fireEvent.change(context, { target: { value: Array.from({ length: 701 }, () => 'word').join(' ') } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(await within(panel).findByText(/Token count: 7010 · over about 7k tokens/)).toBeInTheDocument();
  });

  it('are fixed in an existing BingAI chat, and an existing Sydney chat keeps only its context and system message', async () => {
    const existing = await openSettings({ endpoint: 'bingAI', model: 'BingAI', jailbreak: false }, '/c/convo-1');
    expect(within(existing.panel).queryByRole('combobox', { name: 'Mode' })).not.toBeInTheDocument();
    expect(within(existing.panel).queryByRole('radiogroup', { name: 'Tone style' })).not.toBeInTheDocument();
    expect(within(existing.panel).queryByRole('textbox', { name: 'Context' })).not.toBeInTheDocument();
    expect(within(existing.panel).getByText(/set when the conversation starts/)).toBeInTheDocument();
    existing.unmount();

    const sydney = await openSettings({ endpoint: 'bingAI', model: 'Sydney', jailbreak: true }, '/c/convo-2');
    expect(within(sydney.panel).queryByRole('combobox', { name: 'Mode' })).not.toBeInTheDocument();
    expect(within(sydney.panel).queryByRole('radiogroup', { name: 'Tone style' })).not.toBeInTheDocument();
    expect(within(sydney.panel).getByRole('textbox', { name: 'Context' })).toBeInTheDocument();
    expect(within(sydney.panel).getByRole('textbox', { name: 'System message' })).toBeInTheDocument();
  });
});

describe('the Bing settings under librechat.yaml interface switches', () => {
  it('leave out the mode with modelSelect off, and the tone and texts with parameters off', async () => {
    const noModel = await openSettings({ endpoint: 'bingAI', model: 'BingAI' }, '/c/new', { modelSelect: false });
    await waitFor(() => expect(within(noModel.panel).queryByRole('combobox', { name: 'Mode' })).not.toBeInTheDocument());
    expect(within(noModel.panel).getByRole('radiogroup', { name: 'Tone style' })).toBeInTheDocument();
    noModel.unmount();

    const noParameters = await openSettings({ endpoint: 'bingAI', model: 'Sydney', jailbreak: true }, '/c/new', { parameters: false });
    await waitFor(() => expect(within(noParameters.panel).queryByRole('radiogroup', { name: 'Tone style' })).not.toBeInTheDocument());
    expect(within(noParameters.panel).getByRole('combobox', { name: 'Mode' })).toHaveTextContent('Sydney');
    expect(within(noParameters.panel).queryByRole('textbox', { name: 'Context' })).not.toBeInTheDocument();
    expect(within(noParameters.panel).queryByRole('textbox', { name: 'System message' })).not.toBeInTheDocument();
  });
});

describe('the ChatGPT browser settings', () => {
  it('offer its models from /api/models', async () => {
    const { user, panel } = await openSettings({ endpoint: 'chatGPTBrowser', model: 'text-davinci-002-render-sha' });
    const model = within(panel).getByRole('combobox', { name: 'Model' });
    await user.click(model);
    expect(within(panel).getAllByRole('option').map((option) => option.textContent)).toEqual(['text-davinci-002-render-sha', 'gpt-4']);
    await user.click(within(panel).getByRole('option', { name: 'gpt-4' }));
    expect(readSetup().model).toBe('gpt-4');
  });
});
