import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, testUser } from '../test/mock-fetch.js';
import { currentPath, renderApp } from '../test/render-app.js';

const signedIn = { 'POST /api/auth/refresh': () => json(200, { token: 'tok', user: testUser }) };

describe('route guards', () => {
  it('sends an unauthenticated visitor on a chat route to /login after 300 ms, rendering nothing meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { callsTo } = mockFetch();
    const { router, container } = renderApp('/c/abc');

    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(290));
    expect(currentPath(router)).toBe('/c/abc');
    // Nothing of the app shows; only the (empty) toast live region is mounted.
    expect(container.textContent).toBe('');
    expect(screen.queryByRole('navigation')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(currentPath(router)).toBe('/login');
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('restores the session from the refresh cookie and redirects / to /c/new', async () => {
    mockFetch(signedIn);
    const { router } = renderApp('/');
    // The chat route is a lazy chunk with the header's features: its first import in a cold worker takes over 1 s.
    expect(await screen.findByText('How can I help you today?', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/c/new');
  });

  it('sends an authenticated user away from /login to /c/new', async () => {
    mockFetch(signedIn);
    const { router } = renderApp('/login');
    await waitFor(() => expect(currentPath(router)).toBe('/c/new'));
  });

  it('loads the user with the bearer token once a token exists', async () => {
    const { callsTo } = mockFetch({
      ...signedIn,
      'GET /api/user': () => json(200, { ...testUser, name: 'Grace Hopper' }),
    });
    renderApp('/c/new');
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    expect(callsTo('GET', '/api/user')[0].headers.Authorization).toBe('Bearer tok');
  });

  it('returns to /login when the user cannot be loaded', async () => {
    mockFetch({ ...signedIn, 'GET /api/user': () => json(500, { message: 'Database down' }) });
    const { router } = renderApp('/c/new');
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Database down');
  });
});
