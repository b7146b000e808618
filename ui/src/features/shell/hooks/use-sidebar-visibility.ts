import { useCallback, useState } from 'react';
import { readStorage, writeStorage } from '../../../lib/storage.js';

export const NAV_VISIBLE_STORAGE_KEY = 'navVisible';

/**
 * Desktop visibility is remembered between visits. On mobile the sidebar is a drawer over the chat,
 * so it always starts closed and its state is not stored.
 */
export function useSidebarVisibility(isMobile: boolean) {
  const [desktopVisible, setDesktopVisible] = useState(() => readStorage(NAV_VISIBLE_STORAGE_KEY) !== 'false');
  const [mobileOpen, setMobileOpen] = useState(false);

  const setVisible = useCallback(
    (visible: boolean) => {
      if (isMobile) {
        setMobileOpen(visible);
        return;
      }
      writeStorage(NAV_VISIBLE_STORAGE_KEY, String(visible));
      setDesktopVisible(visible);
    },
    [isMobile],
  );

  const visible = isMobile ? mobileOpen : desktopVisible;
  return { visible, setVisible, toggle: () => setVisible(!visible) };
}
