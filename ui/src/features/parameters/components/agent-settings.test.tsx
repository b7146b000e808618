import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../test/mock-fetch.js';
import { SetupProbe, readSetup, renderFeature } from '../../../test/render-feature.js';
import { ParametersPopover } from './parameters-popover.js';

const endpoints = {
  openAI: { order: 0, userProvide: false, userProvideURL: false },
  gptPlugins: { order: 3, userProvide: false, userProvideURL: false, plugins: {}, availableAgents: ['classic', 'functions'] },
};
const models = { openAI: ['gpt-4o-mini'], gptPlugins: ['gpt-4o-mini', 'gpt-4o', 'gpt-3.5-turbo-instruct'] };

async function openSettings(setup: object) {
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
  await view.user.click(screen.getByRole('button', { name: 'Conversation settings' }));
  const panel = await screen.findByRole('dialog', { name: 'Conversation settings' });
  return { ...calls, ...view, panel };
}

describe('the plugins endpoint settings', () => {
  it('switch between completion and agent settings; the agent ones start at LibreChat’s defaults', async () => {
    const { user, panel } = await openSettings({ endpoint: 'gptPlugins', model: 'gpt-4o' });
    const views = within(panel).getByRole('radiogroup', { name: 'Plugins settings' });
    expect(within(views).getByRole('radio', { name: 'Completion settings' })).toHaveAttribute('aria-checked', 'true');
    // The completion settings: the plugins' temperature .8 up to 2.
    expect(screen.getByRole('slider', { name: 'Temperature' })).toHaveValue('0.8');
    expect(screen.getByRole('slider', { name: 'Temperature' })).toHaveAttribute('max', '2');

    await user.click(within(views).getByRole('radio', { name: 'Agent settings' }));
    expect(within(views).getByRole('radio', { name: 'Agent settings' })).toHaveAttribute('aria-checked', 'true');
    expect(within(panel).getByRole('combobox', { name: 'Agent model' })).toHaveTextContent('gpt-4o');
    expect(within(panel).queryByRole('combobox', { name: 'Model' })).not.toBeInTheDocument();
    const temperature = screen.getByRole('slider', { name: 'Temperature' });
    expect(temperature).toHaveValue('0');
    expect(temperature).toHaveAttribute('max', '1');
    expect(within(panel).getByRole('switch', { name: 'Functions' })).toHaveAttribute('aria-checked', 'true');
    expect(within(panel).getByRole('switch', { name: 'Skip completion' })).toHaveAttribute('aria-checked', 'true');
    // Nothing is stored until the user changes something: the server applies the same defaults.
    expect(readSetup().agentOptions).toBeUndefined();
  });

  it('store every change in agentOptions with its four keys, by keyboard too, and reset them with the rest', async () => {
    const { user, panel } = await openSettings({ endpoint: 'gptPlugins', model: 'gpt-4o', temperature: 0.5 });
    const agentView = within(panel).getByRole('radio', { name: 'Agent settings' });
    agentView.focus();
    await user.keyboard('{Enter}');
    const functions = within(panel).getByRole('switch', { name: 'Functions' });
    functions.focus();
    await user.keyboard(' ');
    expect(functions).toHaveAttribute('aria-checked', 'false');
    expect(readSetup().agentOptions).toEqual({ agent: 'classic', skipCompletion: true, model: 'gpt-4o', temperature: 0 });

    await user.click(within(panel).getByRole('switch', { name: 'Skip completion' }));
    fireEvent.change(screen.getByRole('slider', { name: 'Temperature' }), { target: { value: '0.25' } });
    await user.click(within(panel).getByRole('combobox', { name: 'Agent model' }));
    await user.click(screen.getByRole('option', { name: 'gpt-3.5-turbo-instruct' }));
    expect(readSetup()).toMatchObject({
      model: 'gpt-4o',
      temperature: 0.5,
      agentOptions: { agent: 'classic', skipCompletion: false, model: 'gpt-3.5-turbo-instruct', temperature: 0.25 },
    });

    await user.click(within(panel).getByRole('button', { name: 'Reset to defaults' }));
    expect(readSetup().agentOptions).toBeUndefined();
    expect(readSetup().temperature).toBeUndefined();
    expect(within(panel).getByRole('switch', { name: 'Functions' })).toHaveAttribute('aria-checked', 'true');
  });

  it('go into a saved preset', async () => {
    const agentOptions = { agent: 'classic', skipCompletion: false, model: 'gpt-4o-mini', temperature: 0.2 };
    const { user, panel, callsTo } = await openSettings({ endpoint: 'gptPlugins', model: 'gpt-4o', agentOptions });
    await user.click(within(panel).getByRole('radio', { name: 'Agent settings' }));
    expect(within(panel).getByRole('switch', { name: 'Functions' })).toHaveAttribute('aria-checked', 'false');
    await user.click(within(panel).getByRole('button', { name: 'Save as preset' }));
    const dialog = screen.getByRole('dialog', { name: 'Save as preset' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('My Preset saved')).toBeInTheDocument();
    expect(callsTo('POST', '/api/presets')[0]!.body).toEqual({ endpoint: 'gptPlugins', model: 'gpt-4o', agentOptions, title: 'My Preset' });
  });

  it('are not offered on other endpoints', async () => {
    const { panel } = await openSettings({ endpoint: 'openAI', model: 'gpt-4o-mini' });
    expect(within(panel).queryByRole('radiogroup', { name: 'Plugins settings' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('switch', { name: 'Functions' })).not.toBeInTheDocument();
  });
});
