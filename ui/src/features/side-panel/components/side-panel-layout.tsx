import { useEffect, useId, useRef, type ReactNode } from 'react';
import { classNames } from '../../../components/class-names.js';
import { ChevronStartIcon } from '../../../components/icons/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useInterfaceSettings } from '../../../lib/startup-config/use-interface-settings.js';
import { useViewSetting } from '../../../lib/settings/index.js';
import { useMediaQuery } from '../../../lib/use-media-query.js';
import { usePanelLayout, type PanelId } from '../hooks/use-panel-layout.js';
import { SIDE_PANEL_SMALL_QUERY } from '../layout-math.js';
import { CollapsedStrip } from './collapsed-strip.js';
import { OpenPanel } from './open-panel.js';
import { ResizeHandle } from './resize-handle.js';

/**
 * The chat area and, at its inline end, the resizable right side panel (spec 000 §2, 001 §2).
 * The chat stays at the same place in the tree in every mode, so switching never remounts it.
 */
export function SidePanelLayout({ children, content }: { children: ReactNode; content?: Partial<Record<PanelId, ReactNode>> }) {
  const localize = useLocalize();
  const [hiddenByUser] = useViewSetting('hideSidePanel');
  // librechat.yaml `interface.sidePanel: false` removes the panel for everyone.
  const { sidePanel } = useInterfaceSettings();
  const hideSidePanel = hiddenByUser || !sidePanel;
  const isSmallScreen = useMediaQuery(SIDE_PANEL_SMALL_QUERY);
  const panel = usePanelLayout(isSmallScreen);
  const groupRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { mode, hide } = panel;
  const beside = !hideSidePanel && (mode === 'open' || mode === 'collapsed');

  // The button that switched modes is gone; keep keyboard users in place: the opener when hidden,
  // the selected tab when open, the first button of the strip when collapsed. The overlay always
  // takes the focus, as it covers the chat.
  const previousMode = useRef(mode);
  useEffect(() => {
    if (previousMode.current === mode) return;
    previousMode.current = mode;
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (!focusLost && mode !== 'overlay') return;
    if (mode === 'hidden') return openerRef.current?.focus();
    const aside = document.getElementById(panelId);
    // Two queries: a selector list would return whichever comes first in the document.
    (aside?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]') ?? aside?.querySelector<HTMLElement>('button'))?.focus();
  }, [mode, panelId]);

  // The small-screen overlay covers the chat: Escape closes it.
  useEffect(() => {
    if (hideSidePanel || mode !== 'overlay') return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [hideSidePanel, mode, hide]);

  return (
    <div ref={groupRef} className="flex h-full min-h-0">
      <div className="relative h-full min-w-0 flex-1">
        {children}
        {!hideSidePanel && mode === 'hidden' && (
          <button
            ref={openerRef}
            type="button"
            onClick={panel.expand}
            aria-label={localize('com_sidepanel_open')}
            title={localize('com_sidepanel_open')}
            className="absolute end-0 top-1/2 z-20 flex h-12 w-5 -translate-y-1/2 items-center justify-center rounded-s-lg border border-e-0 border-neutral-200 bg-white/90 text-neutral-500 shadow-sm hover:text-neutral-900 dark:border-neutral-700 dark:bg-neutral-800/90 dark:text-neutral-400 dark:hover:text-white"
          >
            <ChevronStartIcon />
          </button>
        )}
      </div>
      {beside && (
        <>
          <ResizeHandle
            panelId={panelId}
            groupRef={groupRef}
            size={panel.width}
            collapsed={mode === 'collapsed'}
            onResize={panel.resize}
            onExpand={panel.expand}
            onCollapse={panel.collapse}
          />
          <aside
            id={panelId}
            aria-label={localize('com_sidepanel_label')}
            style={{ width: `${panel.width}%` }}
            className={classNames(
              'h-full shrink-0 overflow-hidden bg-neutral-50 dark:bg-sidebar-dark',
              mode === 'collapsed' && 'min-w-[52px]',
            )}
          >
            {mode === 'collapsed' ? (
              <CollapsedStrip onSelect={panel.selectPanel} onExpand={panel.expand} onHide={hide} />
            ) : (
              <OpenPanel activePanel={panel.activePanel} onSelect={panel.selectPanel} onHide={hide} onCollapse={panel.collapse} content={content} />
            )}
          </aside>
        </>
      )}
      {!hideSidePanel && mode === 'overlay' && (
        <>
          <div className="fixed inset-0 z-30 bg-black/40" aria-hidden="true" onClick={hide} />
          <aside
            id={panelId}
            aria-label={localize('com_sidepanel_label')}
            className="fixed inset-y-0 end-0 z-40 w-[320px] max-w-[85vw] bg-neutral-50 shadow-xl dark:bg-sidebar-dark"
          >
            <OpenPanel activePanel={panel.activePanel} onSelect={panel.selectPanel} onHide={hide} content={content} />
          </aside>
        </>
      )}
    </div>
  );
}
