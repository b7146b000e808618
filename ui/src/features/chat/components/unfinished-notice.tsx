import { useLocalize } from '../../../lib/i18n/index.js';
import { DelayedRender } from './delayed-render.js';

/** Spec 001 §8/§9: shown 250 ms after an unfinished reply stops streaming. */
export const UNFINISHED_NOTICE_DELAY = 250;

export function UnfinishedNotice() {
  const localize = useLocalize();
  return (
    <DelayedRender delay={UNFINISHED_NOTICE_DELAY}>
      <p className="mt-3 rounded-xl border border-amber-500/30 bg-amber-50 px-4 py-2.5 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-950/30 dark:text-amber-100">
        {localize('com_ui_unfinished_message')}
      </p>
    </DelayedRender>
  );
}
