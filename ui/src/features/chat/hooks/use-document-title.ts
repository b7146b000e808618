import { useEffect } from 'react';

/**
 * The open conversation's title as the page title, the app title otherwise. Set after a tick: the
 * root layout sets the app title in its own effect, which runs after this one on the same commit.
 */
export function useDocumentTitle(title: string | null | undefined, appTitle: string): void {
  useEffect(() => {
    const timer = setTimeout(() => {
      document.title = title || appTitle;
    }, 0);
    return () => clearTimeout(timer);
  }, [title, appTitle]);

  useEffect(
    () => () => {
      document.title = appTitle;
    },
    [appTitle],
  );
}
