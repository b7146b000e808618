import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../test/mock-fetch.js';
import { renderFeature } from '../../../test/render-feature.js';
import { KeyDialog } from './key-dialog.js';

const endpoints = {
  azureOpenAI: { order: 0, userProvide: true, userProvideURL: false, azure: true },
  google: { order: 1, userProvide: true, userProvideURL: false },
  anthropic: { order: 2, userProvide: true, userProvideURL: false },
  bingAI: { order: 3, userProvide: true },
  chatGPTBrowser: { order: 4, userProvide: true },
};

function open(endpoint: string, expiresAt: string | null = null) {
  const calls = mockFetch({
    'GET /api/endpoints': () => json(200, endpoints),
    'GET /api/keys': () => json(200, { expiresAt }),
    'PUT /api/keys': () => json(201, {}),
  });
  const view = renderFeature(<KeyDialog endpoint={endpoint} open onClose={() => undefined} />);
  return { ...calls, ...view };
}

const savedValue = (calls: ReturnType<typeof mockFetch>) => (calls.callsTo('PUT', '/api/keys')[0]!.body as { value: string }).value;

describe('KeyDialog', () => {
  it('asks Azure for its four fields and saves them as JSON', async () => {
    const calls = open('azureOpenAI');
    const dialog = await screen.findByRole('dialog', { name: 'Set API key for Azure OpenAI' });
    await calls.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The following fields are required: azureOpenAIApiKey, azureOpenAIApiInstanceName, azureOpenAIApiDeploymentName, azureOpenAIApiVersion',
    );
    await calls.user.type(within(dialog).getByLabelText('Azure OpenAI API key'), 'az-key');
    await calls.user.type(within(dialog).getByLabelText('Instance name'), 'my-instance');
    await calls.user.type(within(dialog).getByLabelText('Deployment name'), 'gpt-4o');
    await calls.user.type(within(dialog).getByLabelText('API version'), '2024-10-21');
    await calls.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.callsTo('PUT', '/api/keys')).toHaveLength(1));
    expect(JSON.parse(savedValue(calls))).toEqual({
      azureOpenAIApiKey: 'az-key',
      azureOpenAIApiInstanceName: 'my-instance',
      azureOpenAIApiDeploymentName: 'gpt-4o',
      azureOpenAIApiVersion: '2024-10-21',
    });
  });

  it('says whether a key is saved from the expiry alone: none for null, "never expires" for the farthest time', async () => {
    open('anthropic', '9999-12-31T23:59:59.999Z');
    const dialog = await screen.findByRole('dialog', { name: 'Set API key for Anthropic' });
    expect(await within(dialog).findByText('A key is saved. It never expires.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Revoke key' })).toBeInTheDocument();
  });

  it('offers no revoke when no key is saved ({expiresAt: null})', async () => {
    const calls = open('anthropic');
    const dialog = await screen.findByRole('dialog', { name: 'Set API key for Anthropic' });
    await waitFor(() => expect(calls.callsTo('GET', '/api/keys')).toHaveLength(1));
    expect(within(dialog).queryByRole('button', { name: 'Revoke key' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/A key is saved/)).not.toBeInTheDocument();
  });

  it('takes a plain key text for other endpoints', async () => {
    const calls = open('anthropic');
    const dialog = await screen.findByRole('dialog', { name: 'Set API key for Anthropic' });
    await calls.user.type(within(dialog).getByLabelText('API key'), 'sk-ant-123');
    await calls.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.callsTo('PUT', '/api/keys')).toHaveLength(1));
    expect(savedValue(calls)).toBe('sk-ant-123');
    expect(calls.callsTo('PUT', '/api/keys')[0]!.body).toMatchObject({ name: 'anthropic' });
  });

  it.each([
    ['bingAI', 'Bing', 'Bing cookies', '_U=abc; SRCHHPGUSR=x'],
    ['chatGPTBrowser', 'ChatGPT', 'Access token', 'eyJhbGciOi.token'],
  ])('takes the one secret of %s (user_provided) in a single text field, stored as is', async (endpoint, label, field, secret) => {
    const calls = open(endpoint);
    const dialog = await screen.findByRole('dialog', { name: `Set API key for ${label}` });
    expect(dialog.querySelectorAll('input[type="password"], input[type="text"], input[type="url"], textarea')).toHaveLength(1);
    await calls.user.type(within(dialog).getByLabelText(field), secret);
    await calls.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.callsTo('PUT', '/api/keys')).toHaveLength(1));
    expect(calls.callsTo('PUT', '/api/keys')[0]!.body).toMatchObject({ name: endpoint, value: secret });
  });

  it('imports a Google service account file, refusing an invalid one with the spec text', async () => {
    const calls = open('google');
    const dialog = await screen.findByRole('dialog', { name: 'Set API key for Google' });
    const input = within(dialog).getByTestId('service-account-file');

    await calls.user.upload(input, new File([JSON.stringify({ client_email: 'x' })], 'wrong.json', { type: 'application/json' }));
    expect(await within(dialog).findByText('Invalid Service Account JSON Key, Did you import the correct file?')).toBeInTheDocument();

    const account = { project_id: 'my-project', client_email: 'bot@my-project.iam.gserviceaccount.com', private_key: 'k'.repeat(700) };
    await calls.user.upload(input, new File([JSON.stringify(account)], 'service.json', { type: 'application/json' }));
    expect(await within(dialog).findByText('Imported service.json')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('API key')).toBeDisabled();
    await calls.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.callsTo('PUT', '/api/keys')).toHaveLength(1));
    expect(JSON.parse(savedValue(calls))).toEqual(account);
  });

  it('closes on Escape without saving', async () => {
    const calls = open('anthropic');
    await screen.findByRole('dialog');
    await calls.user.keyboard('{Escape}');
    expect(calls.callsTo('PUT', '/api/keys')).toHaveLength(0);
  });
});
