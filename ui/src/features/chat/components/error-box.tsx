import { useLocalize } from '../../../lib/i18n/index.js';
import { errorMessageText } from '../utils/error-text.js';

/** Spec 000 §8: the red box of an errored reply, in the user's language. */
export function ErrorBox({ text }: { text: string }) {
  const localize = useLocalize();
  return (
    <div className="rounded-xl border border-red-500/30 bg-red-50 px-4 py-3 text-sm leading-relaxed text-red-800 dark:border-red-500/40 dark:bg-red-950/40 dark:text-red-200">
      {errorMessageText(text, localize)}
    </div>
  );
}
