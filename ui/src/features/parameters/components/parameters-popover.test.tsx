import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../test/mock-fetch.js';
import { SetupProbe, readSetup, renderFeature } from '../../../test/render-feature.js';
import { ParametersPopover } from './parameters-popover.js';

const endpoints = {
  openAI: { order: 0, userProvide: false, userProvideURL: false },
  anthropic: { order: 1, userProvide: false, userProvideURL: false },
  google: { order: 2, userProvide: false, userProvideURL: false },
};
const models = { openAI: ['gpt-4o-mini', 'gpt-4o'], anthropic: ['claude-sonnet-4-5'], google: ['gemini-2.0-flash', 'chat-bison'] };

function open(setup: object) {
  const calls = mockFetch({
    'GET /api/endpoints': () => json(200, endpoints),
    'GET /api/models': () => json(200, models),
    'POST /api/presets': (request) => json(201, { presetId: 'p1', ...(request.body as object) }),
  });
  const view = renderFeature(
    <>
      <ParametersPopover />
      <SetupProbe />
    </>,
    { setup: setup as never },
  );
  return { ...calls, ...view };
}

const slider = (name: string) => screen.getByRole('slider', { name });

describe('ParametersPopover', () => {
  it('shows the OpenAI ranges and defaults, and writes changes into the chat setup', async () => {
    const { user } = open({ endpoint: 'openAI', model: 'gpt-4o' });
    await user.click(screen.getByRole('button', { name: 'Conversation settings' }));
    const panel = await screen.findByRole('dialog', { name: 'Conversation settings' });
    expect(within(panel).getByRole('combobox', { name: 'Model' })).toHaveTextContent('gpt-4o');
    expect(slider('Temperature')).toHaveAttribute('max', '2');
    expect(slider('Temperature')).toHaveValue('1');
    expect(slider('Presence penalty')).toHaveAttribute('min', '-2');
    expect(slider('Presence penalty')).toHaveAttribute('step', '0.01');
    expect(within(panel).getByRole('spinbutton', { name: 'Max tokens' })).toHaveValue(null);

    fireEvent.change(slider('Temperature'), { target: { value: '1.35' } });
    expect(readSetup().temperature).toBe(1.35);
    await user.type(within(panel).getByLabelText('Custom name'), 'Ada');
    expect(readSetup().chatGptLabel).toBe('Ada');

    // A typed number is clamped into the range.
    const typed = within(panel).getByRole('spinbutton', { name: 'Temperature (0–2)' });
    await user.clear(typed);
    await user.type(typed, '7{Enter}');
    expect(readSetup().temperature).toBe(2);

    await user.click(within(panel).getByRole('button', { name: 'Reset to defaults' }));
    expect(readSetup().temperature).toBeUndefined();
    expect(readSetup().chatGptLabel).toBe('Ada');
  });

  it('uses the Anthropic ranges', async () => {
    const { user } = open({ endpoint: 'anthropic', model: 'claude-sonnet-4-5' });
    await user.click(screen.getByRole('button', { name: 'Conversation settings' }));
    expect(slider('Temperature')).toHaveAttribute('max', '1');
    expect(slider('Top K')).toHaveValue('5');
    expect(slider('Top P')).toHaveValue('0.7');
    expect(slider('Max output tokens')).toHaveValue('4000');
    expect(slider('Max output tokens')).toHaveAttribute('max', '4000');
  });

  it('clamps Google max output tokens on a model change and toggles examples for gemini', async () => {
    const { user } = open({ endpoint: 'google', model: 'gemini-2.0-flash', maxOutputTokens: 6000 });
    await user.click(screen.getByRole('button', { name: 'Conversation settings' }));
    expect(slider('Max output tokens')).toHaveAttribute('max', '8192');
    expect(slider('Top K')).toHaveValue('40');
    expect(screen.queryByRole('group', { name: 'Example 1' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show examples' }));
    const example = screen.getByRole('group', { name: 'Example 1' });
    await user.type(within(example).getByLabelText('Example 1 Input'), 'Hi');
    expect(readSetup().examples).toEqual([{ input: { content: 'Hi' }, output: { content: '' } }]);
    await user.click(screen.getByRole('button', { name: 'Remove example 1' }));
    expect(screen.getAllByRole('group', { name: /^Example \d/ })).toHaveLength(1);
    expect(readSetup().examples).toEqual([{ input: { content: '' }, output: { content: '' } }]);

    await user.click(screen.getByRole('combobox', { name: 'Model' }));
    await user.click(screen.getByRole('option', { name: 'chat-bison' }));
    expect(readSetup()).toMatchObject({ model: 'chat-bison', maxOutputTokens: 2048 });
    expect(slider('Max output tokens')).toHaveAttribute('max', '2048');
    // Older models always show their examples.
    expect(screen.getByRole('group', { name: 'Example 1' })).toBeInTheDocument();
  });

  // Conversations store the defaults they were sent with: on another model those show the new model's default, as unset ones would.
  it("moves a stored gemini default of 8192 output tokens to the older model's 1024", async () => {
    const { user } = open({ endpoint: 'google', model: 'gemini-2.0-flash', temperature: 0.2, topP: 0.8, topK: 40, maxOutputTokens: 8192 });
    await user.click(screen.getByRole('button', { name: 'Conversation settings' }));
    expect(slider('Max output tokens')).toHaveValue('8192');
    await user.click(screen.getByRole('combobox', { name: 'Model' }));
    await user.click(screen.getByRole('option', { name: 'chat-bison' }));
    expect(readSetup()).toMatchObject({ model: 'chat-bison', temperature: 0.2 });
    expect(readSetup().maxOutputTokens).toBeUndefined();
    expect(slider('Max output tokens')).toHaveValue('1024');
  });

  it("saves the setup as a preset titled 'My Preset' by default and confirms with a toast", async () => {
    const { user, callsTo } = open({ endpoint: 'anthropic', model: 'claude-sonnet-4-5', temperature: 0.4 });
    await user.click(screen.getByRole('button', { name: 'Conversation settings' }));
    await user.click(screen.getByRole('button', { name: 'Save as preset' }));
    const dialog = screen.getByRole('dialog', { name: 'Save as preset' });
    expect(within(dialog).getByLabelText('Preset name')).toHaveValue('My Preset');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('My Preset saved')).toBeInTheDocument();
    expect(callsTo('POST', '/api/presets')[0]!.body).toEqual({ endpoint: 'anthropic', model: 'claude-sonnet-4-5', temperature: 0.4, title: 'My Preset' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save as preset' })).not.toBeInTheDocument());
    // The popover stays open behind the dialog.
    expect(screen.getByRole('dialog', { name: 'Conversation settings' })).toBeInTheDocument();
  });
});
