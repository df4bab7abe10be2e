import { linkifyit } from 'linkify-it';

/**
 * One recogniser for every comment: links with a scheme, and `www.` or bare domains of known top-level domains
 * (`fuzzyLink`, off by default in linkify-it 6); an email address needs its `mailto:`.
 */
const linkify = linkifyit({ fuzzyLink: true, fuzzyEmail: false });

/** Only these become links: a `javascript:` or `data:` address stays text. */
const SAFE_LINK = /^(?:https?:|mailto:)/i;

/** A part of a comment's text: plain text, or a link with its address. */
type Part = { text: string; href?: string };

/** Splits `text` into plain parts and links (linkify-it's matches), in order. */
export function linkParts(text: string): Part[] {
  const parts: Part[] = [];
  let at = 0;
  for (const match of linkify.match(text) ?? []) {
    if (!SAFE_LINK.test(match.url)) continue;
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ text: match.text, href: match.url });
    at = match.lastIndex;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/**
 * A comment's text as people wrote it (docs/product/rules-and-limits.md#comments): plain text with its line
 * breaks, links made clickable with `rel="nofollow ugc noopener"` (they are the commenter's, not ours), no
 * other markup; `dir="auto"` so a Hebrew comment reads right to left on an English page and the reverse.
 */
export function CommentText({ text }: { text: string }) {
  return (
    <p dir="auto" className="text-start whitespace-pre-wrap wrap-anywhere text-zinc-800">
      {linkParts(text).map((part, i) =>
        part.href ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
            key={i}
            href={part.href}
            rel="nofollow ugc noopener"
            target="_blank"
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
