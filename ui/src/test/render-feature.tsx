import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Route, RouterProvider, createMemoryRouter, createRoutesFromElements } from 'react-router-dom';
import { ChatSetupProvider, useChatSetup, type ChatSetup } from '../lib/chat-setup/index.js';
import { ToastProvider } from '../lib/toast/index.js';
import { tokenStore } from '../lib/token-store.js';

export interface RenderFeatureOptions {
  /** Initial route; the element renders under /c/:conversationId and at /. */
  path?: string;
  /** Stored as lastConversationSetup before the provider reads it. */
  setup?: ChatSetup;
}

/**
 * One feature component with what it needs around it (query client, router, chat setup, toasts),
 * signed in with a test token. Mock fetch before calling.
 */
export function renderFeature(element: ReactNode, { path = '/c/new', setup }: RenderFeatureOptions = {}) {
  if (setup) window.localStorage.setItem('lastConversationSetup', JSON.stringify(setup));
  tokenStore.set('tok');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    createRoutesFromElements(
      <>
        <Route path="/c/:conversationId" element={element} />
        <Route path="*" element={element} />
      </>,
    ),
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <ChatSetupProvider>
          <RouterProvider router={router} />
        </ChatSetupProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, user: userEvent.setup() };
}

/** Renders the live chat setup as JSON, for assertions: `readSetup()`. */
export function SetupProbe() {
  const { setup } = useChatSetup();
  return <pre data-testid="chat-setup">{JSON.stringify(setup)}</pre>;
}

export function readSetup(): ChatSetup {
  return JSON.parse(document.querySelector('[data-testid="chat-setup"]')?.textContent ?? '{}') as ChatSetup;
}
