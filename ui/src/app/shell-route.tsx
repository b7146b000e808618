import { lazy } from 'react';
import { ShellLayout } from '../features/shell/components/shell-layout.js';
import type { ShellSlots } from '../features/shell/components/shell-slots.js';
import { SidePanelLayout } from '../features/side-panel/components/side-panel-layout.js';

// The settings dialog is fetched the first time it is opened.
const SettingsDialog = lazy(() =>
  import('../features/settings/components/settings-dialog.js').then((module) => ({ default: module.SettingsDialog })),
);

const slots: ShellSlots = { ContentFrame: SidePanelLayout, SettingsDialog };

/** The authenticated shell with what other features put into it: the right side panel and settings. */
export function ShellRoute() {
  return <ShellLayout slots={slots} />;
}
