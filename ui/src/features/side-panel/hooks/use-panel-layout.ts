import { useCallback, useEffect, useRef, useState } from 'react';
import { readStorage, writeStorage } from '../../../lib/storage.js';
import {
  ACTIVE_PANEL_STORAGE_KEY,
  COLLAPSED_STORAGE_KEY,
  FULL_COLLAPSE_STORAGE_KEY,
  LAYOUT_SAVE_DELAY,
  LAYOUT_STORAGE_KEY,
  PANEL_COLLAPSED_SIZE,
  PANEL_DEFAULT_OPEN_SIZE,
  isCollapsedLayout,
  layoutFor,
  panelMode,
  panelWidth,
  parseLayout,
  resolveResize,
} from '../layout-math.js';

export const panelIds = ['files', 'assistants'] as const;
export type PanelId = (typeof panelIds)[number];

interface PanelState {
  /** The width when open; kept while collapsed so expanding restores it. */
  openSize: number;
  collapsed: boolean;
  fullCollapse: boolean;
  activePanel: PanelId;
}

function readState(isSmallScreen: boolean): PanelState {
  const layout = parseLayout(readStorage(LAYOUT_STORAGE_KEY));
  const storedCollapsed = readStorage(COLLAPSED_STORAGE_KEY);
  const activePanel = readStorage(ACTIVE_PANEL_STORAGE_KEY);
  return {
    openSize: isCollapsedLayout(layout) ? PANEL_DEFAULT_OPEN_SIZE : layout[1],
    collapsed: storedCollapsed === 'true' || (storedCollapsed !== 'false' && isCollapsedLayout(layout)),
    fullCollapse: isSmallScreen || readStorage(FULL_COLLAPSE_STORAGE_KEY) === 'true',
    activePanel: panelIds.find((id) => id === activePanel) ?? panelIds[0],
  };
}

/**
 * The side panel's remembered state: layout (saved 350 ms after the last change, so a drag writes
 * once), collapsed flag, full-collapse flag and active panel.
 */
export function usePanelLayout(isSmallScreen: boolean) {
  const [state, setState] = useState(() => readState(isSmallScreen));
  const mode = panelMode(state, isSmallScreen);
  const width = panelWidth(mode, state.openSize);

  // Spec 001 §2: a small screen fully collapses the panel, and that is remembered like a user's choice.
  useEffect(() => {
    if (isSmallScreen) setState((current) => (current.fullCollapse ? current : { ...current, fullCollapse: true }));
  }, [isSmallScreen]);

  // Only what changes is written: opening the page must not fill the storage with defaults.
  const { openSize, collapsed } = state;
  const savedLayout = useRef(JSON.stringify(layoutFor(collapsed ? PANEL_COLLAPSED_SIZE : openSize)));
  useEffect(() => {
    const layout = JSON.stringify(layoutFor(collapsed ? PANEL_COLLAPSED_SIZE : openSize));
    if (layout === savedLayout.current) return;
    const timer = setTimeout(() => {
      writeStorage(LAYOUT_STORAGE_KEY, layout);
      savedLayout.current = layout;
    }, LAYOUT_SAVE_DELAY);
    return () => clearTimeout(timer);
  }, [openSize, collapsed]);

  const saved = useRef(state);
  useEffect(() => {
    const before = saved.current;
    saved.current = state;
    if (before.collapsed !== state.collapsed) writeStorage(COLLAPSED_STORAGE_KEY, JSON.stringify(state.collapsed));
    if (before.fullCollapse !== state.fullCollapse) writeStorage(FULL_COLLAPSE_STORAGE_KEY, JSON.stringify(state.fullCollapse));
    if (before.activePanel !== state.activePanel) writeStorage(ACTIVE_PANEL_STORAGE_KEY, state.activePanel);
  }, [state]);

  const resize = useCallback((requested: number) => {
    const next = resolveResize(requested);
    setState((current) => ({
      ...current,
      collapsed: next.collapsed,
      openSize: next.collapsed ? current.openSize : next.size,
    }));
  }, []);

  /** Expanding always clears the full-collapse flag (spec 001 §2). */
  const expand = useCallback(() => setState((current) => ({ ...current, collapsed: false, fullCollapse: false })), []);
  const collapse = useCallback(() => setState((current) => ({ ...current, collapsed: true })), []);
  const hide = useCallback(() => setState((current) => ({ ...current, collapsed: true, fullCollapse: true })), []);
  const selectPanel = useCallback(
    (id: PanelId) => setState((current) => ({ ...current, activePanel: id, collapsed: false, fullCollapse: false })),
    [],
  );

  return { mode, width, openSize, activePanel: state.activePanel, resize, expand, collapse, hide, selectPanel };
}

export type PanelLayoutController = ReturnType<typeof usePanelLayout>;
