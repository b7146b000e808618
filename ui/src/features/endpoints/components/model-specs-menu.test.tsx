import type { ModelSpecs, InterfaceSettings } from '@protocol';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, testConfig } from '../../../test/mock-fetch.js';
import { SetupProbe, readSetup, renderFeature } from '../../../test/render-feature.js';
import { EndpointMenu } from './endpoint-menu.js';

const endpoints = {
  openAI: { order: 0, userProvide: false, userProvideURL: false },
  anthropic: { order: 1, userProvide: false, userProvideURL: false },
};
const models = { openAI: ['gpt-4o-mini', 'gpt-4o'], anthropic: ['claude-sonnet-4-5'] };

const notes = {
  name: 'notes',
  label: 'Meeting notes',
  description: 'Turns a transcript into notes',
  iconURL: 'https://example.com/notes.png',
  preset: { endpoint: 'openAI', model: 'gpt-4o', promptPrefix: 'Write meeting notes.', temperature: 0.2 },
};
const poet = { name: 'poet', label: 'Poet', iconURL: 'anthropic', order: 0, preset: { endpoint: 'anthropic', model: 'claude-sonnet-4-5' } };
// Its endpoint is not configured: offering it would only fail.
const orphan = { name: 'orphan', label: 'Orphan', preset: { endpoint: 'google', model: 'gemini-pro' } };

function serve(modelSpecs: ModelSpecs, settings: Partial<InterfaceSettings> = {}) {
  return mockFetch({
    'GET /api/config': () => json(200, testConfig({ modelSpecs, interface: settings })),
    'GET /api/endpoints': () => json(200, endpoints),
    'GET /api/models': () => json(200, models),
    'GET /api/presets': () => json(200, []),
  });
}

const page = (path = '/c/new') =>
  renderFeature(
    <>
      <EndpointMenu />
      <SetupProbe />
    </>,
    { path, setup: { endpoint: 'anthropic', model: 'claude-sonnet-4-5' } },
  );

describe('EndpointMenu with model specs', () => {
  it('lists the specs by order with icon, label and description, then the endpoints; hides specs on missing endpoints', async () => {
    serve({ enforce: false, prioritize: true, list: [notes, poet, orphan] });
    const { user } = page();
    await user.click(await screen.findByRole('button', { name: /^Endpoint: / }));
    const menu = screen.getByRole('menu', { name: 'Models' });
    const specGroup = within(menu).getByRole('group', { name: 'Models' });
    expect(within(specGroup).getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual(['Poet', 'Meeting notesTurns a transcript into notes']);
    expect(within(specGroup).getByRole('menuitemradio', { name: /Meeting notes/ }).querySelector('img')).toHaveAttribute('src', 'https://example.com/notes.png');
    // A spec's iconURL may name an endpoint: that endpoint's mark, not a broken image.
    expect(within(specGroup).getByRole('menuitemradio', { name: 'Poet' }).querySelector('img')).toBeNull();
    const endpointGroup = within(menu).getByRole('group', { name: 'Endpoints' });
    expect(within(endpointGroup).getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual(['OpenAI', 'Anthropic']);
    // prioritize: the specs come first in the menu.
    expect(specGroup.compareDocumentPosition(endpointGroup) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('puts the endpoints first without prioritize', async () => {
    serve({ enforce: false, prioritize: false, list: [notes] });
    const { user } = page();
    await user.click(await screen.findByRole('button', { name: /^Endpoint: / }));
    const groups = within(screen.getByRole('menu')).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual(['Endpoints', 'Models']);
  });

  it('starts a new conversation with the chosen spec\'s preset and shows the spec in the trigger', async () => {
    serve({ enforce: false, prioritize: true, list: [notes, poet] });
    const { user, router } = page('/c/abc');
    await user.click(await screen.findByRole('button', { name: /^Endpoint: / }));
    await user.click(screen.getByRole('menuitemradio', { name: /Meeting notes/ }));
    expect(router.state.location.pathname).toBe('/c/new');
    expect(readSetup()).toEqual({
      endpoint: 'openAI',
      endpointType: null,
      model: 'gpt-4o',
      promptPrefix: 'Write meeting notes.',
      temperature: 0.2,
      spec: 'notes',
      iconURL: 'https://example.com/notes.png',
    });
    const trigger = screen.getByRole('button', { name: 'Model: Meeting notes' });
    await user.click(trigger);
    expect(screen.getByRole('menuitemradio', { name: /Meeting notes/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'OpenAI' })).toHaveAttribute('aria-checked', 'false');
  });

  it('applies the default spec to a new conversation', async () => {
    serve({ enforce: false, prioritize: true, list: [poet, { ...notes, default: true }] });
    page();
    await waitFor(() => expect(readSetup()).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o', spec: 'notes' }));
    expect(await screen.findByRole('button', { name: 'Model: Meeting notes' })).toBeInTheDocument();
  });

  it('with enforce, offers only the specs and puts a new conversation on the first one when none is default', async () => {
    serve({ enforce: true, prioritize: true, list: [notes, { ...poet, order: undefined }] }, { endpointsMenu: true });
    const { user } = page();
    await waitFor(() => expect(readSetup()).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o', spec: 'notes' }));
    await user.click(screen.getByRole('button', { name: 'Model: Meeting notes' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual(['Meeting notesTurns a transcript into notes', 'Poet']);
    expect(within(menu).queryByRole('group', { name: 'Endpoints' })).not.toBeInTheDocument();
  });

  it('hides the endpoint list when interface.endpointsMenu is off, and the whole picker when there are no specs either', async () => {
    serve({ enforce: false, prioritize: true, list: [notes] }, { endpointsMenu: false });
    const { user, unmount } = page();
    await user.click(await screen.findByRole('button', { name: /^(Endpoint|Model): / }));
    expect(within(screen.getByRole('menu')).queryByRole('group', { name: 'Endpoints' })).not.toBeInTheDocument();
    unmount();

    mockFetch({
      'GET /api/config': () => json(200, testConfig({ interface: { endpointsMenu: false } })),
      'GET /api/endpoints': () => json(200, endpoints),
      'GET /api/models': () => json(200, models),
    });
    page();
    // The setup is still kept on a served endpoint: chatting works without the picker.
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Endpoint: / })).not.toBeInTheDocument());
    expect(readSetup()).toMatchObject({ endpoint: 'anthropic', model: 'claude-sonnet-4-5' });
  });
});
