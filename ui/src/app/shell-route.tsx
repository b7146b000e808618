import { lazy } from 'react';
import { ConversationSidebar } from '../features/conversations/index.js';
import { ShellLayout } from '../features/shell/components/shell-layout.js';
import type { ShellSlots } from '../features/shell/components/shell-slots.js';
import { SidePanelLayout } from '../features/side-panel/components/side-panel-layout.js';

// The settings dialog is fetched the first time it is opened.
const SettingsDialog = lazy(() =>
  import('../features/settings/components/settings-dialog.js').then((module) => ({ default: module.SettingsDialog })),
);

const slots: ShellSlots = { ContentFrame: SidePanelLayout, SettingsDialog, Conversations: ConversationSidebar };

/** The authenticated shell with what other features put into it: side panel, settings, conversation history. */
export function ShellRoute() {
  return <ShellLayout slots={slots} />;
}
