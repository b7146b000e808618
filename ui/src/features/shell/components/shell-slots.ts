import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * What the app composes into the shell from other features (features never import each other):
 * a frame around the routed chat area (the right side panel), the settings dialog and the sidebar's
 * conversation history.
 */
export interface ShellSlots {
  ContentFrame?: ComponentType<{ children: ReactNode }>;
  SettingsDialog?: ComponentType<{ open: boolean; onClose: () => void }>;
  /** The sidebar's history (search and conversation list); onNavigate closes the mobile drawer. */
  Conversations?: ComponentType<{ onNavigate: () => void }>;
  /** The open conversation's title for the mobile header; renders `fallback` for a new chat. */
  ConversationTitle?: ComponentType<{ conversationId: string; fallback: string }>;
  /** The user menu's My files. */
  MyFilesDialog?: ComponentType<{ open: boolean; onClose: () => void }>;
  /** The user menu's Export conversation, for the stored conversation on screen. */
  ExportDialog?: ComponentType<{ conversationId: string; onClose: () => void }>;
}

export interface ShellActions {
  /** Absent when no settings dialog was composed in. */
  openSettings?: () => void;
  /** Absent when no My files dialog was composed in. */
  openMyFiles?: () => void;
  /** Absent without an export dialog or without a saved conversation on screen (spec 001 §2). */
  openExport?: () => void;
}

export const ShellActionsContext = createContext<ShellActions>({});

export function useShellActions(): ShellActions {
  return useContext(ShellActionsContext);
}
