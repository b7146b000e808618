/**
 * The right side panel's geometry (spec 000 §2, 001 §2), in percent of the width shared with the chat
 * area. The layout is [chat, panel]; the panel is either open (MIN..MAX), collapsed to an icon strip
 * (COLLAPSED_SIZE) or fully collapsed (0, only a small opener remains).
 */
export const DEFAULT_LAYOUT: PanelLayout = [97, 3];
export const PANEL_MIN_SIZE = 20;
export const PANEL_MAX_SIZE = 40;
export const PANEL_COLLAPSED_SIZE = 3;
/** Opening a panel that has never been open before. */
export const PANEL_DEFAULT_OPEN_SIZE = 25;
export const LAYOUT_SAVE_DELAY = 350;
/** Spec 001 §2: fully collapsed up to 767 px (the mobile breakpoint is 768). */
export const SIDE_PANEL_SMALL_QUERY = '(max-width: 767px)';

// The storage names of LibreChat's react-resizable-panels, so an existing browser profile keeps its layout.
export const LAYOUT_STORAGE_KEY = 'react-resizable-panels:layout';
export const COLLAPSED_STORAGE_KEY = 'react-resizable-panels:collapsed';
export const ACTIVE_PANEL_STORAGE_KEY = 'side:active-panel';
export const FULL_COLLAPSE_STORAGE_KEY = 'fullPanelCollapse';

export type PanelLayout = [chat: number, panel: number];

export function clampPanelSize(size: number): number {
  return Math.min(PANEL_MAX_SIZE, Math.max(PANEL_MIN_SIZE, size));
}

export function layoutFor(panelSize: number): PanelLayout {
  return [100 - panelSize, panelSize];
}

/** A stored layout, or the default when it is missing, malformed or out of range. */
export function parseLayout(stored: string | null): PanelLayout {
  try {
    const value: unknown = JSON.parse(stored ?? 'null');
    if (!Array.isArray(value) || value.length !== 2) return DEFAULT_LAYOUT;
    const [chat, panel] = value as unknown[];
    if (typeof chat !== 'number' || typeof panel !== 'number' || !Number.isFinite(panel)) return DEFAULT_LAYOUT;
    if (Math.abs(chat + panel - 100) > 1) return DEFAULT_LAYOUT;
    if (panel <= PANEL_COLLAPSED_SIZE) return layoutFor(PANEL_COLLAPSED_SIZE);
    return layoutFor(clampPanelSize(panel));
  } catch {
    return DEFAULT_LAYOUT;
  }
}

export function isCollapsedLayout(layout: PanelLayout): boolean {
  return layout[1] <= PANEL_COLLAPSED_SIZE;
}

/**
 * Where a drag or a key press wants the panel: below the midpoint between the collapsed and the
 * minimum size it snaps shut, otherwise it stays within MIN..MAX.
 */
export function resolveResize(requested: number): { collapsed: boolean; size: number } {
  if (requested < (PANEL_COLLAPSED_SIZE + PANEL_MIN_SIZE) / 2) return { collapsed: true, size: PANEL_COLLAPSED_SIZE };
  // Tenths of a percent are finer than a pixel on any screen, and keep the stored layout readable.
  return { collapsed: false, size: Math.round(clampPanelSize(requested) * 10) / 10 };
}

/**
 * hidden: fully collapsed, only an opener remains. overlay: opened on a small screen, where it covers
 * the chat instead of sharing the width (the hook fully collapses it on entering a small screen).
 */
export type PanelMode = 'open' | 'collapsed' | 'hidden' | 'overlay';

export function panelMode(state: { collapsed: boolean; fullCollapse: boolean }, isSmallScreen: boolean): PanelMode {
  if (state.fullCollapse) return 'hidden';
  if (isSmallScreen) return 'overlay';
  return state.collapsed ? 'collapsed' : 'open';
}

/** The panel's share of the width beside the chat in a mode (an overlay takes none). */
export function panelWidth(mode: PanelMode, openSize: number): number {
  if (mode === 'hidden' || mode === 'overlay') return 0;
  return mode === 'collapsed' ? PANEL_COLLAPSED_SIZE : openSize;
}

/**
 * The panel size a pointer position asks for. The panel sits at the inline end: on the right in a
 * left-to-right page, on the left in a right-to-left one.
 */
export function sizeFromPointer(clientX: number, box: { left: number; width: number }, rtl: boolean): number {
  if (box.width <= 0) return PANEL_MIN_SIZE;
  const fromEnd = rtl ? clientX - box.left : box.left + box.width - clientX;
  return (fromEnd / box.width) * 100;
}

const KEYBOARD_STEP = 1;
const KEYBOARD_BIG_STEP = 10;

/**
 * The separator's keys (WAI-ARIA window splitter): arrows move the divider, so towards the chat
 * grows the panel; Home and End jump to the minimum and maximum. Null for other keys.
 */
export function sizeFromKey(key: string, size: number, rtl: boolean, shift = false): number | null {
  const step = shift ? KEYBOARD_BIG_STEP : KEYBOARD_STEP;
  const grow = rtl ? 'ArrowRight' : 'ArrowLeft';
  const shrink = rtl ? 'ArrowLeft' : 'ArrowRight';
  switch (key) {
    case grow:
      return size + step;
    case shrink:
      return size - step;
    case 'Home':
      return PANEL_MIN_SIZE;
    case 'End':
      return PANEL_MAX_SIZE;
    default:
      return null;
  }
}
