import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ChatSetupProvider } from '../lib/chat-setup/index.js';
import { I18nProvider } from '../lib/i18n/index.js';
import { ThemeProvider } from '../lib/theme/index.js';
import { ToastProvider } from '../lib/toast/index.js';

/** Everything above the router. The AuthProvider sits inside it (see root-layout.tsx). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <I18nProvider>
          <ToastProvider>
            <ChatSetupProvider>{children}</ChatSetupProvider>
          </ToastProvider>
        </I18nProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
