import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockChatServer } from '../../../test/chat-server.js';
import { json, testConfig } from '../../../test/mock-fetch.js';
import { renderApp } from '../../../test/render-app.js';
import { stubVirtualLayout } from '../../../test/virtual-layout.js';

const notes = {
  name: 'notes',
  label: 'Meeting notes',
  default: true,
  description: 'Turns a transcript into notes',
  iconURL: 'https://example.com/notes.png',
  preset: { endpoint: 'openAI', model: 'gpt-4o', promptPrefix: 'Write meeting notes.' },
};

describe('the landing view under librechat.yaml', () => {
  beforeEach(() => stubVirtualLayout({ viewport: 800, row: 100 }));

  it('greets with interface.customWelcome, filling in the user name', async () => {
    mockChatServer([], { 'GET /api/config': () => json(200, testConfig({ interface: { customWelcome: 'Welcome back, {{user.name}}!' } })) });
    renderApp('/c/new');
    expect(await screen.findByText('Welcome back, Ada Lovelace!', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('How can I help you today?')).not.toBeInTheDocument();
  });

  it('starts a new chat on the default model spec: its name in the header, its icon and description on the landing', async () => {
    mockChatServer([], { 'GET /api/config': () => json(200, testConfig({ modelSpecs: { enforce: false, prioritize: true, list: [notes] } })) });
    renderApp('/c/new');
    expect(await screen.findByRole('button', { name: 'Model: Meeting notes' }, { timeout: 5000 })).toBeInTheDocument();
    const landing = screen.getByText('How can I help you today?').closest('section')!;
    await waitFor(() => expect(within(landing).getByText('Turns a transcript into notes')).toBeInTheDocument());
    expect(landing.querySelector('img')).toHaveAttribute('src', 'https://example.com/notes.png');
  });
});
