import type { InterfaceSettings } from '@protocol';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, testConfig } from '../../../test/mock-fetch.js';
import { SetupProbe, readSetup, renderFeature } from '../../../test/render-feature.js';
import { ParametersPopover } from './parameters-popover.js';

const endpoints = { openAI: { order: 0, userProvide: false, userProvideURL: false } };
const models = { openAI: ['gpt-4o-mini', 'gpt-4o'] };

function open(settings: Partial<InterfaceSettings>, setup: object = { endpoint: 'openAI', model: 'gpt-4o' }) {
  const calls = mockFetch({
    'GET /api/config': () => json(200, testConfig({ interface: settings })),
    'GET /api/endpoints': () => json(200, endpoints),
    'GET /api/models': () => json(200, models),
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

const configLoaded = (callsTo: ReturnType<typeof mockFetch>['callsTo']) => waitFor(() => expect(callsTo('GET', '/api/config')).toHaveLength(1));

describe('the settings popover under librechat.yaml interface switches', () => {
  it('shows only the model when parameters are off, without reset or save as preset', async () => {
    const { user, callsTo } = open({ parameters: false });
    await configLoaded(callsTo);
    await user.click(await screen.findByRole('button', { name: 'Conversation settings' }));
    const panel = await screen.findByRole('dialog', { name: 'Conversation settings' });
    await waitFor(() => expect(within(panel).queryByRole('slider', { name: 'Temperature' })).not.toBeInTheDocument());
    expect(within(panel).getByRole('combobox', { name: 'Model' })).toHaveTextContent('gpt-4o');
    expect(within(panel).queryByRole('button', { name: 'Reset to defaults' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Save as preset' })).not.toBeInTheDocument();
  });

  it('shows the parameters but no model choice when modelSelect is off; presets off drops "Save as preset"', async () => {
    const { user, callsTo } = open({ modelSelect: false, presets: false });
    await configLoaded(callsTo);
    await user.click(await screen.findByRole('button', { name: 'Conversation settings' }));
    const panel = await screen.findByRole('dialog', { name: 'Conversation settings' });
    await waitFor(() => expect(within(panel).queryByRole('combobox', { name: 'Model' })).not.toBeInTheDocument());
    expect(within(panel).getByRole('slider', { name: 'Temperature' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Reset to defaults' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Save as preset' })).not.toBeInTheDocument();
  });

  it('is gone when both the model choice and the parameters are off', async () => {
    const { callsTo } = open({ modelSelect: false, parameters: false });
    await configLoaded(callsTo);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Conversation settings' })).not.toBeInTheDocument());
  });

  it('leaves the model spec when another model is picked', async () => {
    const { user, callsTo } = open({}, { endpoint: 'openAI', model: 'gpt-4o', spec: 'notes', iconURL: 'https://example.com/n.png' });
    await configLoaded(callsTo);
    await user.click(await screen.findByRole('button', { name: 'Conversation settings' }));
    const panel = await screen.findByRole('dialog', { name: 'Conversation settings' });
    await user.click(within(panel).getByRole('combobox', { name: 'Model' }));
    await user.click(await screen.findByRole('option', { name: 'gpt-4o-mini' }));
    expect(readSetup()).toMatchObject({ model: 'gpt-4o-mini', spec: null, iconURL: null });
  });
});
