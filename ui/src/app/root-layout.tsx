import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../components/spinner.js';
import { AuthProvider } from '../lib/auth/index.js';
import { useStartupConfig } from '../lib/startup-config/get-startup-config.js';

/** Root route: session state (it navigates, so it lives inside the router), page title, lazy-route fallback. */
export function RootLayout() {
  const { config } = useStartupConfig();

  useEffect(() => {
    document.title = config.appTitle;
  }, [config.appTitle]);

  return (
    <AuthProvider>
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
    </AuthProvider>
  );
}
