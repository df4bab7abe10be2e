import { excerpt, type Josie, type ListenItem } from '@josie/contract';
import { ExternalLink, SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { AudioCard, readParagraphs, VideoEmbed, withKnownName } from '../features/josie';
import { LogoMark } from '../layout/Logo';
import { cn } from '../lib/cn';
import { buttonClasses, focusRing } from '../ui/Button';

/** The item of `josie.listen` for the `kind` item whose link is `url` (its links on other services). */
function listenOf(josie: Josie, kind: ListenItem['kind'], url: string): ListenItem | undefined {
  return josie.listen.find((item) => item.kind === kind && item.itemUrl === url);
}

/**
 * What the embed plays (docs/decisions/0043-embeds.md): the josie's audio item, as the josie page shows it
 * (`AudioCard`: the player of the reader's listening service with the original one click away, and "Also on",
 * docs/decisions/0022-listen-on-your-own-service.md); without one, its video; without either, its opening
 * words (the 25-word excerpt, docs/product/rules-and-limits.md#josies).
 */
function EmbedBody({ josie }: { josie: Josie }) {
  const shown = readParagraphs(josie.paragraphs);
  const audio = shown.find((p) => p.type === 'audioItem');
  if (audio) {
    const listen = listenOf(josie, 'audio', audio.content.url);
    return <AudioCard item={withKnownName(audio.content, listen)} links={listen?.links ?? []} />;
  }
  const video = shown.find((p) => p.type === 'video');
  if (video) return <VideoEmbed video={video.content} />;
  const text = shown.find((p) => p.type === 'text');
  return text ? (
    <p dir="auto" className="text-start text-base leading-relaxed text-zinc-800 wrap-anywhere">
      {excerpt(text.content)}
    </p>
  ) : null;
}

/** The link that opens the josie's own page in a new tab (never inside the frame). */
function OpenInJosie({ href, className }: { href: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener" className={buttonClasses('primary', 'sm', className)}>
      {t('embed.openInJosie')}
      <span className="sr-only">{t('embed.newTab')}</span>
      <ExternalLink className="size-4 rtl:-scale-x-100" aria-hidden="true" />
    </a>
  );
}

/**
 * A josie as another site frames it (`/embed/josie/{id}`, docs/decisions/0043-embeds.md): the Josie mark,
 * its title and curator (names isolated in `<bdi>`, docs/product/hebrew-glossary.md#directions), what it
 * plays ({@link EmbedBody}) and "Open in Josie". Fills its frame (the oEmbed answer's width and height, px);
 * in a frame shorter than the content, only what it plays scrolls. `josie` null: the not-found embed (a pending, rejected, deleted
 * or unknown josie), in the same language.
 */
export function EmbedView({ josie }: { josie: Josie | null }) {
  const { t } = useTranslation();
  const notFound = t('embed.notFound.title');
  useEffect(() => {
    if (!josie) document.title = `${notFound} · Josie`;
  }, [josie, notFound]);

  if (!josie) {
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-white p-6 text-center">
        <SearchX className="size-10 text-brand-600" aria-hidden="true" />
        <h1 className="text-lg font-bold text-zinc-950">{notFound}</h1>
        <p className="max-w-sm text-sm text-zinc-700">{t('embed.notFound.body')}</p>
        <a
          href="/"
          target="_blank"
          rel="noopener"
          className={cn(
            'flex items-center gap-2 rounded-md text-sm font-semibold text-brand-800 underline',
            focusRing,
          )}
        >
          <LogoMark className="size-6" />
          Josie
          <span className="sr-only">{t('embed.newTab')}</span>
        </a>
      </main>
    );
  }

  return (
    // The frame's height is fixed by the other site; a player taller than the oEmbed answer planned for
    // (YouTube's in place of Spotify's, once the reader chooses it) scrolls in the middle, so the title
    // and "Open in Josie" stay in view.
    <main className="flex h-dvh flex-col gap-3 bg-white p-3">
      <header className="flex shrink-0 items-center gap-3">
        <LogoMark className="size-8 shrink-0" />
        <div className="min-w-0 flex-1">
          <h1 dir="auto" className="truncate text-start text-base font-bold text-zinc-950">
            {josie.title}
          </h1>
          <p className="truncate text-start text-sm text-zinc-600">
            <Trans i18nKey="embed.by" values={{ name: josie.creator.name }} components={{ name: <bdi /> }} />
          </p>
        </div>
      </header>
      <div className="-m-1 min-h-0 flex-1 overflow-y-auto p-1">
        <EmbedBody josie={josie} />
      </div>
      <footer className="flex shrink-0 justify-end">
        <OpenInJosie href={`/josie/${encodeURIComponent(josie._id)}`} />
      </footer>
    </main>
  );
}
