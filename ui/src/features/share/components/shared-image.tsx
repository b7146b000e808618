import type { SharedImageDto } from '@protocol';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useSharedImageUrl } from '../api/get-shared-image.js';

/** An image of a shared message, at its stored proportions while it loads; a note once its owner deleted it. */
export function SharedImage({ shareId, image }: { shareId: string; image: SharedImageDto }) {
  const localize = useLocalize();
  const query = useSharedImageUrl(shareId, image.imageId);
  if (query.isError) {
    return <p className="rounded-lg border border-dashed border-neutral-300 px-3 py-2 text-xs text-neutral-500 dark:border-neutral-600 dark:text-neutral-400">{localize('com_ui_shared_image_missing')}</p>;
  }
  const ratio = image.width && image.height ? `${image.width} / ${image.height}` : undefined;
  return query.data ? (
    <img src={query.data} alt={localize('com_ui_shared_image')} width={image.width ?? undefined} height={image.height ?? undefined} className="h-auto max-h-80 max-w-full rounded-xl object-contain" />
  ) : (
    <div aria-hidden="true" style={{ aspectRatio: ratio }} className="w-48 max-w-full animate-pulse rounded-xl bg-neutral-200 dark:bg-neutral-700" />
  );
}
