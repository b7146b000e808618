import { EndpointIcon, type EndpointsConfig } from '../../../lib/endpoints/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';

/** A conversation without messages: the endpoint's mark and the welcome line. */
export function Landing({ endpoint, endpointsConfig }: { endpoint: string | null; endpointsConfig?: EndpointsConfig }) {
  const localize = useLocalize();
  return (
    <section className="flex min-h-0 flex-1 flex-col items-center justify-center px-4 pb-8 text-center">
      <div className="mb-5 rounded-full shadow-sm ring-1 ring-black/5 dark:ring-white/10">
        <EndpointIcon endpoint={endpoint} endpointsConfig={endpointsConfig} size="lg" className="rounded-full" />
      </div>
      <p className="text-2xl font-semibold tracking-tight text-neutral-900 md:text-[28px] dark:text-neutral-100">{localize('com_ui_how_can_i_help')}</p>
    </section>
  );
}
