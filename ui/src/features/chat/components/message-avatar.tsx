import { EndpointIcon, type EndpointsConfig } from '../../../lib/endpoints/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';

/** The reply's endpoint mark; an errored reply carries the red '!' badge (spec 000 §8). */
export function MessageAvatar({ endpoint, endpointsConfig, error }: { endpoint: string | null | undefined; endpointsConfig?: EndpointsConfig; error: boolean }) {
  const localize = useLocalize();
  return (
    <div className="relative mt-0.5 h-fit shrink-0">
      <EndpointIcon endpoint={endpoint} endpointsConfig={endpointsConfig} size="md" className="rounded-full" />
      {error && (
        <span
          role="img"
          aria-label={localize('com_ui_error_badge')}
          className="absolute -end-1 -bottom-1 flex size-4 items-center justify-center rounded-full bg-red-600 text-[10px] leading-none font-bold text-white ring-2 ring-white dark:ring-surface-dark"
        >
          !
        </span>
      )}
    </div>
  );
}
