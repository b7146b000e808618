import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, type Handlers } from '../../../test/mock-fetch.js';
import { SetupProbe, readSetup, renderFeature } from '../../../test/render-feature.js';
import { EndpointMenu } from './endpoint-menu.js';

const endpoints = {
  openAI: { order: 0, userProvide: false, userProvideURL: false },
  anthropic: { order: 1, userProvide: false, userProvideURL: false },
  BYOK: { order: 2, type: 'custom', userProvide: true, userProvideURL: true, modelDisplayLabel: 'Bring your own' },
  google: { order: 3, userProvide: true, userProvideURL: false },
};
const models = { openAI: ['gpt-4o-mini', 'gpt-4o'], anthropic: ['claude-sonnet-4-5'], BYOK: ['fake-model-a'], google: ['gemini-2.0-flash'] };

function setup(handlers: Handlers = {}) {
  return mockFetch({
    'GET /api/endpoints': () => json(200, endpoints),
    'GET /api/models': () => json(200, models),
    'GET /api/keys': () => json(200, { expiresAt: null }),
    'PUT /api/keys': () => json(201, {}),
    ...handlers,
  });
}

const page = (path = '/c/new', initial = { endpoint: 'openAI', model: 'gpt-4o' }) =>
  renderFeature(
    <>
      <EndpointMenu />
      <SetupProbe />
    </>,
    { path, setup: initial },
  );

describe('EndpointMenu', () => {
  it('lists the enabled endpoints in order, with a key button on those needing a user key, assistants among them', async () => {
    setup({ 'GET /api/endpoints': () => json(200, { ...endpoints, assistants: { order: 1, userProvide: false, userProvideURL: false, capabilities: ['retrieval'] } }) });
    const { user } = page();
    await user.click(await screen.findByRole('button', { name: 'Endpoint: OpenAI' }));
    const menu = screen.getByRole('menu', { name: 'Endpoints' });
    const items = within(menu).getAllByRole('menuitemradio');
    ['OpenAI', 'Anthropic', 'Assistants', 'BYOK', 'Google'].forEach((name, index) => expect(within(menu).getByRole('menuitemradio', { name })).toBe(items[index]));
    expect(within(menu).getByRole('menuitemradio', { name: 'OpenAI' })).toHaveAttribute('aria-checked', 'true');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Set API key for BYOK', 'Set API key for Google']);
  });

  it('switches endpoint with its first model and keeps /c/new', async () => {
    setup();
    const { user, router } = page();
    await user.click(await screen.findByRole('button', { name: 'Endpoint: OpenAI' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Anthropic' }));
    expect(readSetup()).toEqual({ endpoint: 'anthropic', endpointType: null, model: 'claude-sonnet-4-5' });
    expect(router.state.location.pathname).toBe('/c/new');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps an existing conversation within the chat family, fitting the options; leaves it otherwise', async () => {
    setup({ 'GET /api/endpoints': () => json(200, { ...endpoints, bingAI: { order: 4, userProvide: false, userProvideURL: false } }) });
    const { user, router } = page('/c/abc', { endpoint: 'openAI', model: 'gpt-4o', temperature: 1.6, presence_penalty: 1 } as never);
    await user.click(await screen.findByRole('button', { name: 'Endpoint: OpenAI' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Anthropic' }));
    expect(router.state.location.pathname).toBe('/c/abc');
    // Anthropic's temperature stops at 1 and it has no presence penalty.
    expect(readSetup()).toEqual({ endpoint: 'anthropic', endpointType: null, model: 'claude-sonnet-4-5', temperature: 1 });

    await user.click(screen.getByRole('button', { name: 'Endpoint: Anthropic' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Bing' }));
    expect(router.state.location.pathname).toBe('/c/new');
  });

  it("lets a conversation's stored defaults follow the new endpoint's (OpenAI's temperature 1 is Google's .2)", async () => {
    setup();
    const stored = { endpoint: 'openAI', model: 'gpt-4o', temperature: 1, top_p: 1, frequency_penalty: 0, presence_penalty: 0, resendFiles: true, imageDetail: 'auto' };
    const { user } = page('/c/abc', stored as never);
    await user.click(await screen.findByRole('button', { name: 'Endpoint: OpenAI' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Google' }));
    expect(readSetup()).toEqual({ endpoint: 'google', endpointType: null, model: 'gemini-2.0-flash' });
    expect(readSetup().temperature).toBeUndefined();
  });

  it('keeps a temperature the user chose when the conversation moves to another chat endpoint', async () => {
    setup();
    const { user } = page('/c/abc', { endpoint: 'openAI', model: 'gpt-4o', temperature: 0.7, resendFiles: true } as never);
    await user.click(await screen.findByRole('button', { name: 'Endpoint: OpenAI' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Anthropic' }));
    expect(readSetup()).toEqual({ endpoint: 'anthropic', endpointType: null, model: 'claude-sonnet-4-5', temperature: 0.7, resendFiles: true });
  });

  it('opens the key dialog on selection when no key is saved; missing fields keep it open with a toast', async () => {
    const { callsTo } = setup();
    const { user } = page();
    await user.click(await screen.findByRole('button', { name: 'Endpoint: OpenAI' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'BYOK' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set API key for BYOK' });
    expect(readSetup()).toEqual({ endpoint: 'BYOK', endpointType: 'custom', model: 'fake-model-a' });
    expect(within(dialog).getByRole('combobox', { name: 'Expires in' })).toHaveDisplayValue('12 hours');

    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The following fields are required: apiKey, baseURL');
    expect(screen.getByRole('dialog', { name: 'Set API key for BYOK' })).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('API key'), 'sk-mine');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The following fields are required: baseURL')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/keys')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Expires in' }), '30 minutes');
    await user.type(within(dialog).getByLabelText('Base URL'), 'http://127.0.0.1:9/v1');
    const before = Date.now();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = callsTo('PUT', '/api/keys')[0]!.body as { name: string; value: string; expiresAt: string };
    expect(body.name).toBe('BYOK');
    expect(JSON.parse(body.value)).toEqual({ apiKey: 'sk-mine', baseURL: 'http://127.0.0.1:9/v1' });
    const expiry = Date.parse(body.expiresAt) - before;
    expect(expiry).toBeGreaterThan(29 * 60_000);
    expect(expiry).toBeLessThanOrEqual(30 * 60_000 + 5_000);
    // The expiry is fetched again so the composer sees the new key.
    await waitFor(() => expect(callsTo('GET', '/api/keys').length).toBeGreaterThanOrEqual(2));
  });

  it('does not open the key dialog when a valid key is saved, and revokes it from the key button', async () => {
    const { callsTo } = setup({
      'GET /api/keys': () => json(200, { expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
      'DELETE /api/keys/BYOK': () => new Response(null, { status: 204 }),
    });
    const { user } = page();
    await user.click(await screen.findByRole('button', { name: 'Endpoint: OpenAI' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'BYOK' }));
    await waitFor(() => expect(readSetup().endpoint).toBe('BYOK'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Endpoint: BYOK' }));
    await user.click(screen.getByRole('menuitem', { name: 'Set API key for BYOK' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set API key for BYOK' });
    expect(await within(dialog).findByText(/A key is saved\. It expires/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(callsTo('DELETE', '/api/keys/BYOK')).toHaveLength(1));
    expect(await screen.findByText('Key for BYOK revoked')).toBeInTheDocument();
  });
});
