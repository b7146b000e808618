import type { ReactNode } from 'react';
import { AppLogo } from '../../../components/app-logo.js';
import { LegalLinks } from '../../../components/legal-links.js';
import { FullPageSpinner } from '../../../components/spinner.js';
import { useStartupConfig } from '../../../lib/startup-config/get-startup-config.js';

interface AuthLayoutProps {
  title: string;
  children: ReactNode;
  /** Below the card: "Don't have an account? Sign up" and the like. */
  footer?: ReactNode;
}

/** The centered card shared by the sign-in screens, with the app title above and legal links below. */
export function AuthLayout({ title, children, footer }: AuthLayoutProps) {
  const { config, isLoading } = useStartupConfig();
  if (isLoading) return <FullPageSpinner />;
  const { privacyPolicy, termsOfService } = config.interface ?? {};

  return (
    <div className="flex min-h-screen flex-col">
      <main className="flex flex-1 items-center justify-center px-4 py-12">
        <div className="w-full max-w-sm">
          <div className="mb-6 flex flex-col items-center gap-3 text-center">
            <AppLogo className="size-10" />
            <p className="text-sm font-medium tracking-wide text-neutral-500 dark:text-neutral-400">
              {config.appTitle}
            </p>
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          </div>
          <div className="rounded-2xl border border-neutral-200 bg-white p-6 shadow-sm dark:border-neutral-700/70 dark:bg-neutral-900/60">
            {children}
          </div>
          {footer && <div className="mt-6 text-center text-sm text-neutral-600 dark:text-neutral-400">{footer}</div>}
        </div>
      </main>
      {(privacyPolicy?.externalUrl || termsOfService?.externalUrl) && (
        <footer className="flex justify-center py-6 text-xs">
          <LegalLinks privacyPolicy={privacyPolicy} termsOfService={termsOfService} />
        </footer>
      )}
    </div>
  );
}
