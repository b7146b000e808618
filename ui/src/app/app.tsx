import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers.js';
import { createQueryClient } from './query-client.js';
import { routes } from './routes.js';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
