import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/mock-fetch.js';
import { renderApp } from '../../../test/render-app.js';

// The login route is a lazy chunk: on a busy machine it can take more than the default second.
const loaded = { timeout: 5000 };

describe('social sign-in errors on the login page', () => {
  it('explains the reason the server sent back', async () => {
    mockFetch();
    renderApp('/login?error=registration_disabled');
    expect(await screen.findByRole('alert', undefined, loaded)).toHaveTextContent(
      'No account exists for this email and this server does not create accounts through social sign-in.',
    );
  });

  it('reads an unknown reason as a provider error', async () => {
    mockFetch();
    renderApp('/login?error=%3Cscript%3E');
    expect(await screen.findByRole('alert', undefined, loaded)).toHaveTextContent('The sign-in provider returned an error. Please try again.');
  });

  it('shows no error without a reason', async () => {
    mockFetch();
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' }, loaded);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
