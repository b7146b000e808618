import type { ActionDto } from '@protocol';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../test/mock-fetch.js';
import { renderFeature } from '../../../test/render-feature.js';
import { ActionsEditor } from './actions-editor.js';

const spec = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  paths: { '/items/{id}': { get: { operationId: 'getItem', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] } } },
});

const saved: ActionDto = {
  action_id: '11111111-1111-4111-8111-111111111111',
  assistant_id: 'asst_1',
  user: 'u1',
  type: 'action_prototype',
  metadata: { domain: 'api.example.com', raw_spec: spec, auth: { type: 'service_http', authorization_type: 'bearer' } },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('ActionsEditor', () => {
  it('says actions are disabled until the assistant is saved', () => {
    renderFeature(<ActionsEditor assistantId={undefined} onClose={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Actions are disabled until the assistant is saved.');
  });

  it('validates 800 ms after typing, lists the operations, requires the API key, and saves', async () => {
    const { callsTo } = mockFetch({ 'POST /api/assistants/actions/asst_1': () => json(200, [{}, {}, saved]) });
    const { user } = renderFeature(<ActionsEditor assistantId="asst_1" model="gpt-4o" onClose={() => {}} />);
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Schema' }), { target: { value: '{"openapi": "3.1.0", "paths": {}}' } });
    expect(await screen.findByText('Could not find a valid URL in `servers`', {}, { timeout: 2000 })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Schema' }), { target: { value: spec } });
    const table = await screen.findByRole('table', { name: 'Available actions' }, { timeout: 2000 });
    expect(table).toHaveTextContent('getItem');
    expect(table).toHaveTextContent('GET');
    expect(table).toHaveTextContent('/items/{id}');
    expect(screen.getByText('OpenAPI spec is valid.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set authentication' }));
    await user.click(screen.getByRole('radio', { name: 'API Key' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('API Key is required');
    await user.type(screen.getByLabelText('API Key', { selector: 'input[type="password"]' }), 'k-1');
    await user.click(screen.getByRole('radio', { name: 'Bearer' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(callsTo('POST', '/api/assistants/actions/asst_1')).toHaveLength(1));
    expect(callsTo('POST', '/api/assistants/actions/asst_1')[0].body).toMatchObject({ model: 'gpt-4o', metadata: { raw_spec: spec, api_key: 'k-1', auth: { type: 'service_http', authorization_type: 'bearer' } } });
  });

  it('fills an example, and deletes after the confirmation', async () => {
    const { callsTo } = mockFetch({ [`DELETE /api/assistants/actions/asst_1/${saved.action_id}/gpt-4o`]: () => json(200, { message: 'Action deleted successfully' }) });
    let closed = false;
    const { user } = renderFeature(<ActionsEditor assistantId="asst_1" action={saved} model="gpt-4o" onClose={() => (closed = true)} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Examples' }), 'petstore');
    expect((screen.getByRole('textbox', { name: 'Schema' }) as HTMLTextAreaElement).value).toContain('operationId: listPets');
    await act(async () => {});
    expect(await screen.findByRole('table', { name: 'Available actions' }, { timeout: 2000 })).toHaveTextContent('createPet');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Are you sure you want to delete this action?')).toBeInTheDocument();
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(callsTo('DELETE', `/api/assistants/actions/asst_1/${saved.action_id}/gpt-4o`)).toHaveLength(1);
  });
});
