import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, testUser } from '../../../test/mock-fetch.js';
import { renderApp } from '../../../test/render-app.js';

const signedIn = { 'POST /api/auth/refresh': () => json(200, { token: 'tok', user: testUser }) };

function phone() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('max-width: 767px'),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}

describe('mobile header', () => {
  it('shows New Chat on a new conversation', async () => {
    phone();
    mockFetch(signedIn);
    renderApp('/c/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New Chat' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it("shows the open conversation's title", async () => {
    phone();
    mockFetch({
      ...signedIn,
      'GET /api/convos/abc': () => json(200, { conversationId: 'abc', title: 'Trip to Lisbon', endpoint: 'openAI' }),
      'GET /api/messages/abc': () => json(200, []),
    });
    renderApp('/c/abc');
    expect(await screen.findByText('Trip to Lisbon', { selector: 'header h1' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
