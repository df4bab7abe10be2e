import { i18n } from '../../i18n';
import { toast } from '../../ui/toast';

/** The public link of a josie: `{origin}/josie/{id}` (docs/product/routes-and-roles.md#home-and-feed). */
export function josieLink(id: string, origin: string = window.location.origin): string {
  return `${origin}/josie/${encodeURIComponent(id)}`;
}

/**
 * Shares a josie: the Web Share API's sheet when the browser has one, else its link copied to the
 * clipboard with a toast. Closing the share sheet is not an error; a sheet the browser refuses falls back
 * to copying. Never throws.
 */
export async function shareJosie(josie: { _id: string; title: string }): Promise<void> {
  const url = josieLink(josie._id);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: josie.title, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      console.warn('The share sheet failed; copying the link instead', error);
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(i18n.t('feed.card.linkCopied'));
  } catch (error) {
    console.warn('Could not copy the link', error);
    toast.error(i18n.t('feed.card.copyFailed'));
  }
}
