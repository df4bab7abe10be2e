import { ATOM_MEDIA_TYPE } from '@josie/contract';
import { Rss } from 'lucide-react';
import { buttonClasses } from './Button';

export interface FeedButtonProps {
  /** The feed's path on this site (`curatorFeedPath`, `genreFeedPath` of the contract). */
  href: string;
  /** The visible text, in the reader's language. */
  label: string;
  /** What the feed is for, as the link's tooltip, in the reader's language. */
  hint: string;
}

/**
 * A link to a page's Atom feed, looking like a small outline button with the feed icon
 * (docs/decisions/0042-feeds-and-search-engines.md). A plain link, not the router's: the feed is a document
 * the server answers, which the browser opens or hands to a feed reader. The page's HTML also carries the
 * feed's `<link rel="alternate">` for readers that look there.
 */
export function FeedButton({ href, label, hint }: FeedButtonProps) {
  return (
    <a href={href} type={ATOM_MEDIA_TYPE} title={hint} className={buttonClasses('outline', 'sm', 'w-fit')}>
      <Rss className="size-4 text-orange-600" aria-hidden="true" />
      {label}
    </a>
  );
}
