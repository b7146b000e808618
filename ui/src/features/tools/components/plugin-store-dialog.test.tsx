import type { PluginDto } from '@protocol';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch, testUser } from '../../../test/mock-fetch.js';
import { renderFeature } from '../../../test/render-feature.js';
import { PluginStoreDialog } from './plugin-store-dialog.js';

const plugin = (name: string, extra: Partial<PluginDto> = {}): PluginDto => ({
  name, pluginKey: name.toLowerCase().replace(/ /g, '_'), description: `${name} does things`, icon: `/assets/tools/${name}.svg`, authConfig: [], authenticated: true, ...extra,
});
const google = plugin('Google', {
  authenticated: false,
  authConfig: [
    { authField: 'GOOGLE_CSE_ID', label: 'Google CSE ID', description: 'Your search engine id.' },
    { authField: 'GOOGLE_SEARCH_API_KEY', label: 'Google API Key', description: 'Your key.' },
  ],
});
// jsdom's window is 1024 px wide: 4 columns, 8 tools a page.
const catalogue = [google, ...Array.from({ length: 9 }, (_, index) => plugin(`Tool ${index + 1}`))];

afterEach(() => {
  window.localStorage.clear();
  window.innerWidth = 1024;
});

function start(answer = () => json(200), plugins = catalogue) {
  const fetch = mockFetch({ 'GET /api/plugins': () => json(200, plugins), 'POST /api/user/plugins': answer });
  const view = renderFeature(<PluginStoreDialog open onClose={() => undefined} />);
  return { ...fetch, ...view, dialog: () => screen.getByRole('dialog', { name: 'Plugin store' }) };
}
const cards = () => within(screen.getByRole('list', { name: 'Plugins' })).getAllByRole('listitem');

describe('PluginStoreDialog', () => {
  it('pages the tools by the items-per-page rule and searches them', async () => {
    const { user } = start();
    await waitFor(() => expect(cards()).toHaveLength(8));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual(['Tool 8', 'Tool 9']);
    await user.type(screen.getByRole('searchbox', { name: 'Search plugins' }), 'goo');
    expect(cards()).toHaveLength(1);
    expect(screen.queryByRole('navigation', { name: 'Plugin pages' })).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search plugins' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search plugins' }), 'zapier');
    expect(screen.getByText('No plugins found')).toBeInTheDocument();
  });

  it('marks the tools that ask before each use, and only those', async () => {
    start(undefined, [plugin('Calculator', { requiresApproval: true }), plugin('Tool 1')]);
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [calculator, other] = cards();
    expect(within(calculator!).getByText('Asks before each use')).toBeInTheDocument();
    expect(within(other!).queryByText('Asks before each use')).not.toBeInTheDocument();
  });

  it('collapses the list below 640 px: one column of 8, descriptions only as tooltips', async () => {
    window.innerWidth = 400;
    start();
    await waitFor(() => expect(cards()).toHaveLength(8));
    expect(screen.getByRole('list', { name: 'Plugins' })).toHaveClass('grid-cols-1');
    expect(screen.queryByText('Tool 1 does things')).not.toBeInTheDocument();
    expect(cards()[1]).toHaveAttribute('title', 'Tool 1 does things');
  });

  it('installs a tool without credentials at once, and uninstalls it', async () => {
    const { user, callsTo } = start();
    await user.click(await screen.findByRole('button', { name: 'Install Tool 1' }));
    await screen.findByRole('button', { name: 'Uninstall Tool 1' });
    expect(callsTo('POST', '/api/user/plugins').map((call) => call.body)).toEqual([{ pluginKey: 'tool_1', action: 'install', auth: null }]);
    await user.click(screen.getByRole('button', { name: 'Uninstall Tool 1' }));
    await screen.findByRole('button', { name: 'Install Tool 1' });
    expect(callsTo('POST', '/api/user/plugins').at(-1)!.body).toEqual({ pluginKey: 'tool_1', action: 'uninstall', auth: null });
  });

  it('asks for the credentials first, each required and at least 10 characters, then sends them', async () => {
    const { user, callsTo } = start();
    await user.click(await screen.findByRole('button', { name: 'Install Google' }));
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const id = screen.getByLabelText('Google CSE ID');
    const key = screen.getByLabelText('Google API Key');
    expect(id).toHaveValue('');
    expect(key).toHaveAttribute('type', 'password');
    await user.type(id, 'x');
    await user.clear(id);
    expect(screen.getByText('Google CSE ID is required.')).toBeInTheDocument();
    await user.type(id, 'cse-1');
    expect(screen.getByText('Google CSE ID must be at least 10 characters long')).toBeInTheDocument();
    await user.type(id, '23456789');
    await user.type(key, 'AIza-0123456789');
    expect(save).toBeEnabled();
    expect(callsTo('POST', '/api/user/plugins')).toHaveLength(0);
    await user.click(save);
    await screen.findByRole('button', { name: 'Uninstall Google' });
    expect(callsTo('POST', '/api/user/plugins')[0]!.body).toEqual({
      pluginKey: 'google', action: 'install', auth: { GOOGLE_CSE_ID: 'cse-123456789', GOOGLE_SEARCH_API_KEY: 'AIza-0123456789' },
    });
    // Back in the grid, the focus is too.
    expect(screen.getByRole('searchbox', { name: 'Search plugins' })).toHaveFocus();
  });

  it("installs a tool the operator authenticated without the form, and shows the server's refusal", async () => {
    const { user, callsTo } = start(() => json(400, { message: 'Google API Key is required.' }), [{ ...google, authenticated: true }]);
    await user.click(await screen.findByRole('button', { name: 'Install Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google API Key is required.');
    expect(screen.queryByLabelText('Google CSE ID')).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/user/plugins')[0]!.body).toEqual({ pluginKey: 'google', action: 'install', auth: null });
    expect(screen.getByRole('button', { name: 'Install Google' })).toBeInTheDocument();
  });

  it('drops an uninstalled tool from the remembered selection and the chat setup', async () => {
    window.localStorage.setItem('lastSelectedTools', '["tool_1","tool_2"]');
    mockFetch({ 'GET /api/user': () => json(200, { ...testUser, plugins: ['tool_1', 'tool_2'] }), 'GET /api/plugins': () => json(200, catalogue), 'POST /api/user/plugins': () => json(200) });
    const { user } = renderFeature(<PluginStoreDialog open onClose={() => undefined} />, { setup: { endpoint: 'openAI', tools: ['tool_1', 'tool_2'] } });
    await user.click(await screen.findByRole('button', { name: 'Uninstall Tool 1' }));
    await screen.findByRole('button', { name: 'Install Tool 1' });
    expect(JSON.parse(window.localStorage.getItem('lastSelectedTools')!)).toEqual(['tool_2']);
    expect(JSON.parse(window.localStorage.getItem('lastConversationSetup')!).tools).toEqual(['tool_2']);
  });
});
