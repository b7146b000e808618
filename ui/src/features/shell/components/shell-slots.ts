import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * What the app composes into the shell from other features (features never import each other):
 * a frame around the routed chat area (the right side panel) and the settings dialog.
 */
export interface ShellSlots {
  ContentFrame?: ComponentType<{ children: ReactNode }>;
  SettingsDialog?: ComponentType<{ open: boolean; onClose: () => void }>;
}

export interface ShellActions {
  /** Absent when no settings dialog was composed in. */
  openSettings?: () => void;
}

export const ShellActionsContext = createContext<ShellActions>({});

export function useShellActions(): ShellActions {
  return useContext(ShellActionsContext);
}
