import { useViewSetting } from '../../../lib/settings/index.js';

/** The view settings the chat screen obeys (spec 001 §3), live across tabs and the settings dialog. */
export function useChatPreferences() {
  // Follow the newest message: when a conversation opens and while a reply streams.
  const [autoScroll] = useViewSetting('autoScroll');
  const [enterToSend] = useViewSetting('enterToSend');
  const [latex] = useViewSetting('LaTeXParsing');
  return { autoScroll, enterToSend, latex };
}
