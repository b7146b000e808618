import type { PresetDto } from '@protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, testConfig } from '../../../test/mock-fetch.js';
import { SetupProbe, readSetup, renderFeature } from '../../../test/render-feature.js';
import type { PresetSettingsFormProps } from './edit-preset-dialog.js';
import { PresetsMenu } from './presets-menu.js';

const endpoints = {
  openAI: { order: 0, userProvide: false, userProvideURL: false },
  anthropic: { order: 1, userProvide: false, userProvideURL: false },
};
const models = { openAI: ['gpt-4o-mini', 'gpt-4o'], anthropic: ['claude-sonnet-4-5'] };

const preset = (presetId: string, title: string, extra: Partial<PresetDto> = {}): PresetDto => ({
  presetId,
  title,
  user: 'u1',
  defaultPreset: false,
  endpoint: 'anthropic',
  model: 'claude-sonnet-4-5',
  temperature: 0.5,
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-01-01T00:00:00Z',
  ...extra,
});

/** A stand-in for the parameters feature's form: one field is enough to prove it is wired. */
function FakeSettingsForm({ value, onChange }: PresetSettingsFormProps) {
  return (
    <label>
      Fake instructions
      <input value={value.promptPrefix ?? ''} onChange={(event) => onChange({ promptPrefix: event.target.value })} />
    </label>
  );
}

function open(presets: PresetDto[], path = '/c/abc', extraHandlers = {}) {
  let list = presets;
  const calls = mockFetch({
    'GET /api/endpoints': () => json(200, endpoints),
    'GET /api/models': () => json(200, models),
    'GET /api/presets': () => json(200, list),
    'POST /api/presets/default': (request) => {
      const { presetId } = request.body as { presetId: string | null };
      list = list.map((item) => ({ ...item, defaultPreset: item.presetId === presetId }));
      return json(200, list);
    },
    'POST /api/presets/delete': (request) => {
      const body = request.body as { presetId?: string; all?: true };
      const before = list.length;
      list = body.all ? [] : list.filter((item) => item.presetId !== body.presetId);
      return json(200, { deletedCount: before - list.length });
    },
    'POST /api/presets': (request) => {
      const saved = { ...preset('p-saved', 'x'), ...(request.body as object) } as PresetDto;
      list = list.map((item) => (item.presetId === saved.presetId ? saved : item));
      return json(201, saved);
    },
    'POST /api/presets/import': (request) => json(201, request.body),
    ...extraHandlers,
  });
  const view = renderFeature(
    <>
      <PresetsMenu SettingsForm={FakeSettingsForm} />
      <SetupProbe />
    </>,
    { path, setup: { endpoint: 'openAI', model: 'gpt-4o' } },
  );
  return { ...calls, ...view };
}

const openMenu = async (user: ReturnType<typeof open>['user']) => {
  await user.click(screen.getByRole('button', { name: 'Presets' }));
  return screen.findByRole('dialog', { name: 'Presets' });
};

describe('PresetsMenu', () => {
  it('says when there are no presets and no default', async () => {
    const { user } = open([]);
    const menu = await openMenu(user);
    expect(await within(menu).findByText('No presets yet. Save one from the settings or import a file.')).toBeInTheDocument();
    expect(within(menu).getByText('No default preset')).toBeInTheDocument();
  });

  it("applies a chosen preset with a 750 ms 'Active!' toast, starting a new chat for another endpoint", async () => {
    const { user, router } = open([preset('p1', 'Claude careful')]);
    const menu = await openMenu(user);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => within(menu).getByText('Claude careful').closest('button')!.click());
    expect(screen.getByText('Active!')).toBeInTheDocument();
    expect(readSetup()).toEqual({ endpoint: 'anthropic', endpointType: null, model: 'claude-sonnet-4-5', temperature: 0.5 });
    expect(router.state.location.pathname).toBe('/c/new');
    act(() => vi.advanceTimersByTime(750));
    expect(screen.queryByText('Active!')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('sets and unsets the default, showing the current one', async () => {
    const { user, callsTo } = open([preset('p1', 'First'), preset('p2', 'Second')]);
    const menu = await openMenu(user);
    await user.click(await within(menu).findByRole('button', { name: 'Set Second as default' }));
    expect(await within(menu).findByText('Default: Second')).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Unset Second as default' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(menu).getByRole('button', { name: 'Unset Second as default' }));
    expect(await within(menu).findByText('No default preset')).toBeInTheDocument();
    expect(callsTo('POST', '/api/presets/default').map((call) => call.body)).toEqual([{ presetId: 'p2' }, { presetId: null }]);
  });

  it('applies the default preset to a new conversation', async () => {
    open([preset('p1', 'Default one', { defaultPreset: true, temperature: 0.9 })], '/c/new');
    await waitFor(() => expect(readSetup()).toMatchObject({ endpoint: 'anthropic', temperature: 0.9 }));
  });

  it('hides the menu under interface.presets: false, and still applies the default preset', async () => {
    const { callsTo } = open([preset('p1', 'Default one', { defaultPreset: true, temperature: 0.9 })], '/c/new', {
      'GET /api/config': () => json(200, testConfig({ interface: { presets: false } })),
    });
    await waitFor(() => expect(readSetup()).toMatchObject({ endpoint: 'anthropic', temperature: 0.9 }));
    await waitFor(() => expect(callsTo('GET', '/api/config')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Presets' })).not.toBeInTheDocument());
  });

  it('leaves a new conversation to the default model spec when specs are prioritized', async () => {
    const modelSpecs = { enforce: false, prioritize: true, list: [{ name: 'notes', label: 'Notes', default: true, preset: { endpoint: 'openAI', model: 'gpt-4o' } }] };
    const { callsTo } = open([preset('p1', 'Default one', { defaultPreset: true, temperature: 0.9 })], '/c/new', {
      'GET /api/config': () => json(200, testConfig({ modelSpecs })),
    });
    await waitFor(() => expect(callsTo('GET', '/api/presets')).toHaveLength(1));
    await waitFor(() => expect(callsTo('GET', '/api/config')).toHaveLength(1));
    // The spec itself is applied by the endpoint picker; this menu only holds its default back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readSetup().temperature).toBeUndefined();
  });

  it('deletes one preset after confirming, and clears all after a warning', async () => {
    const { user, callsTo } = open([preset('p1', 'First'), preset('p2', 'Second')]);
    const menu = await openMenu(user);
    await user.click(await within(menu).findByRole('button', { name: 'Delete First' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete preset?' });
    expect(confirm).toHaveTextContent('This deletes "First". It cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(menu).queryByText('First')).not.toBeInTheDocument());
    await user.click(within(menu).getByRole('button', { name: 'Clear all' }));
    const warning = screen.getByRole('alertdialog', { name: 'Delete all presets?' });
    expect(warning).toHaveTextContent('This deletes every preset you saved. It cannot be undone.');
    await user.click(within(warning).getByRole('button', { name: 'Clear all' }));
    expect(await within(menu).findByText(/No presets yet/)).toBeInTheDocument();
    expect(callsTo('POST', '/api/presets/delete').map((call) => call.body)).toEqual([{ presetId: 'p1' }, { all: true }]);
  });

  it('imports a JSON file and refuses one that is not JSON with an error toast', async () => {
    const { user, callsTo } = open([]);
    const menu = await openMenu(user);
    const input = within(menu).getByTestId('preset-import-file');
    await user.upload(input, new File(['{ broken'], 'broken.json', { type: 'application/json' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The preset file could not be imported.');
    expect(callsTo('POST', '/api/presets/import')).toHaveLength(0);

    await user.upload(input, new File([JSON.stringify({ title: 'Imported', endpoint: 'openAI' })], 'good.json', { type: 'application/json' }));
    expect(await screen.findByText('Presets imported')).toBeInTheDocument();
    expect(callsTo('POST', '/api/presets/import')[0]!.body).toEqual({ title: 'Imported', endpoint: 'openAI' });
  });

  it('edits name, endpoint and options in the dialog and saves them under the same id', async () => {
    const { user, callsTo } = open([preset('p1', 'Old name')]);
    const menu = await openMenu(user);
    await user.click(await within(menu).findByRole('button', { name: 'Edit Old name' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit preset' });
    const name = within(dialog).getByLabelText('Preset name');
    await user.clear(name);
    await user.type(name, 'New name');
    await user.selectOptions(within(dialog).getByLabelText('Endpoint'), 'OpenAI');
    await user.type(within(dialog).getByLabelText('Fake instructions'), 'Be brief.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('New name saved')).toBeInTheDocument();
    expect(callsTo('POST', '/api/presets')[0]!.body).toEqual({
      presetId: 'p1',
      title: 'New name',
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      temperature: 0.5,
      promptPrefix: 'Be brief.',
      defaultPreset: false,
    });
  });
});
