import { useSyncExternalStore } from 'react';
import { readViewSetting, subscribeViewSettings, useViewSetting } from '../../../lib/settings/index.js';
import { readStorage } from '../../../lib/storage.js';

/** Follow the newest message (on open and while a reply streams) unless the user turned it off. */
const readAutoScroll = () => readStorage('autoScroll') !== 'false';

/** The view settings the chat screen obeys (spec 001 §3), live across tabs and the settings dialog. */
export function useChatPreferences() {
  const autoScroll = useSyncExternalStore(subscribeViewSettings, readAutoScroll, readAutoScroll);
  const [enterToSend] = useViewSetting('enterToSend');
  const [latex] = useViewSetting('LaTeXParsing');
  return { autoScroll, enterToSend, latex };
}

/** For key handlers: the setting at the moment of the key press. */
export const readEnterToSend = () => readViewSetting('enterToSend');
