import type { PluginDto } from '@protocol';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useChatSetup, type ChatSetup } from '../../../lib/chat-setup/index.js';
import { json, mockFetch, testUser } from '../../../test/mock-fetch.js';
import { readSetup, renderFeature, SetupProbe } from '../../../test/render-feature.js';
import { ToolPicker } from './tool-picker.js';

const plugin = (name: string, pluginKey: string): PluginDto => ({ name, pluginKey, description: '', icon: `/assets/tools/${pluginKey}.svg`, authConfig: [], authenticated: false });
const catalogue = [plugin('Google', 'google'), plugin('Calculator', 'calculator'), plugin('Wolfram', 'wolfram')];
const endpoints = { openAI: { order: 0, userProvide: false, userProvideURL: false }, assistants: { order: 1, userProvide: false, userProvideURL: false } };

function Picker() {
  const { setup, update } = useChatSetup();
  return (
    <>
      <ToolPicker value={setup} onChange={update} />
      <SetupProbe />
    </>
  );
}

function start(setup: ChatSetup, installed = ['google', 'calculator'], plugins = catalogue) {
  mockFetch({
    'GET /api/user': () => json(200, { ...testUser, plugins: installed }),
    'GET /api/plugins': () => json(200, plugins),
    'GET /api/endpoints': () => json(200, endpoints),
  });
  return renderFeature(<Picker />, { setup });
}

afterEach(() => window.localStorage.clear());

describe('ToolPicker', () => {
  it("offers the installed tools; a choice goes into the chat's tools and lastSelectedTools", async () => {
    const { user } = start({ endpoint: 'openAI', model: 'gpt-4o-mini' });
    await user.click(await screen.findByRole('checkbox', { name: 'Calculator' }));
    expect(screen.getByRole('checkbox', { name: 'Google' })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Wolfram' })).not.toBeInTheDocument();
    expect(readSetup().tools).toEqual(['calculator']);
    expect(window.localStorage.getItem('lastSelectedTools')).toBe('["calculator"]');
    await user.click(screen.getByRole('checkbox', { name: 'Google' }));
    await user.click(screen.getByRole('checkbox', { name: 'Calculator' }));
    expect(readSetup().tools).toEqual(['google']);
  });

  it('marks an installed tool that asks before each use, as the description of its checkbox', async () => {
    start({ endpoint: 'openAI', model: 'gpt-4o-mini' }, undefined, [plugin('Google', 'google'), { ...plugin('Calculator', 'calculator'), requiresApproval: true }]);
    expect(await screen.findByRole('checkbox', { name: 'Calculator' })).toHaveAccessibleDescription('Asks before each use');
    expect(screen.getByRole('checkbox', { name: 'Google' })).not.toHaveAccessibleDescription();
    expect(screen.getAllByText('Asks before each use')).toHaveLength(1);
  });

  it('opens the plugin store', async () => {
    const { user } = start({ endpoint: 'openAI', model: 'gpt-4o-mini' });
    await user.click(await screen.findByRole('button', { name: 'Plugin store' }));
    expect(screen.getByRole('dialog', { name: 'Plugin store' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Plugin store' })).not.toBeInTheDocument();
  });

  it('says so when the model cannot call tools, instead of offering them', async () => {
    start({ endpoint: 'openAI', model: 'gpt-3.5-turbo-instruct' });
    expect(await screen.findByText('gpt-3.5-turbo-instruct cannot call tools.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Plugin store' })).not.toBeInTheDocument();
  });

  it('points to the store when nothing is installed, and shows nothing on the assistants endpoint', async () => {
    const { unmount } = start({ endpoint: 'openAI', model: 'gpt-4o' }, []);
    expect(await screen.findByText('No tools installed yet. Add some from the plugin store.')).toBeInTheDocument();
    unmount();
    start({ endpoint: 'assistants', model: 'gpt-4o' });
    await waitFor(() => expect(screen.getByTestId('chat-setup')).toBeInTheDocument());
    expect(screen.queryByRole('group', { name: 'Tools' })).not.toBeInTheDocument();
  });
});
