import { trackShare } from '../../analytics';
import { i18n } from '../../i18n';
import { toast } from '../../ui/toast';

/** The public link of a josie: `{origin}/josie/{id}` (docs/product/routes-and-roles.md#home-and-feed). */
export function josieLink(id: string, origin: string = window.location.origin): string {
  return `${origin}/josie/${encodeURIComponent(id)}`;
}

/**
 * The link a share hands out: the josie's link marked `?ref=share`, so that the studio names a view from it
 * a shared link (`external`) even when the app it was shared through sends no referrer
 * (docs/decisions/0050-curator-studio-counts.md).
 */
export function sharedJosieLink(id: string, origin: string = window.location.origin): string {
  return `${josieLink(id, origin)}?ref=share`;
}

/**
 * Shares a josie: the Web Share API's sheet when the browser has one, else its link copied to the
 * clipboard with a toast. Closing the share sheet is not an error; a sheet the browser refuses falls back
 * to copying. Never throws. A share that went through (the sheet's promise resolved, or the link was
 * copied) is the studio's `josie_share` with its channel, `native` or `copy` (decision 0050); a closed sheet
 * or a failed copy is none.
 */
export async function shareJosie(josie: { _id: string; title: string }): Promise<void> {
  const url = sharedJosieLink(josie._id);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: josie.title, url });
      trackShare(josie._id, 'native');
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      console.warn('The share sheet failed; copying the link instead', error);
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    trackShare(josie._id, 'copy');
    toast.success(i18n.t('feed.card.linkCopied'));
  } catch (error) {
    console.warn('Could not copy the link', error);
    toast.error(i18n.t('feed.card.copyFailed'));
  }
}
