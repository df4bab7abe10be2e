import { isImageSource, type ListenItem } from '@josie/contract';
import { Fragment, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { useIsClient } from '../../../lib/useIsClient';
import { recordingKeys, withKnownName } from '../listen/choose';
import { ListenMore } from '../listen/lazy';
import { readParagraphs } from '../paragraphs';
import { AudioCard } from './AudioCard';
import { VideoEmbed } from './VideoEmbed';

/** Whether an image paragraph may be shown: a stored or https image, or a local preview of a chosen file. */
function showableImage(src: string): boolean {
  return src.startsWith('blob:') || isImageSource(src);
}

export interface JosieParagraphsProps {
  /**
   * The josie's `paragraphs` in display order, as answered: legacy kinds are read as their current kind
   * and anything but an array renders nothing (see {@link readParagraphs}).
   */
  paragraphs: unknown;
  /** The josie's title, for the image's text alternative. */
  title: string;
  /**
   * The josie's `listen` (its items' links on other platforms): audio plays on the listener's service and
   * both kinds list "Also on". Absent (the editor's preview): the original players alone.
   */
  listen?: readonly ListenItem[];
  className?: string;
}

/**
 * A josie's paragraphs in their order (docs/product/routes-and-roles.md#josie-page): text as plain text
 * (never HTML, docs/product/differences.md#placeholders-that-work) with its line breaks and its own
 * direction, the image (`image` or `image1`), the video player (`video` or `video1`) and the audio card. Any
 * other type is skipped.
 */
export function JosieParagraphs({ paragraphs, title, listen, className }: JosieParagraphsProps) {
  const { t } = useTranslation();
  const shown = readParagraphs(paragraphs);
  const client = useIsClient();
  // A video keeps its player whatever the listener's service and gets "Also on" links, when it has any
  // (docs/decisions/0022-listen-on-your-own-service.md); in the browser only, as the links follow the reader.
  const videoLinks = (url: string) => {
    const links = linksOf('video', url);
    return links && links.length > 1 && client ? (
      <Suspense fallback={null}>
        <ListenMore kind="video" original={{ platform: 'youtube', url }} links={links} keepOriginal />
      </Suspense>
    ) : null;
  };
  const listenOf = (kind: ListenItem['kind'], url: string) =>
    listen?.find((item) => item.kind === kind && item.itemUrl === url);
  const linksOf = (kind: ListenItem['kind'], url: string) =>
    listen ? (listenOf(kind, url)?.links ?? []) : undefined;
  // An audio item that is one of the josie's videos (the same YouTube video, or its counterpart on the other
  // service) plays in the video, not in a second player (docs/decisions/0022-listen-on-your-own-service.md).
  const inVideos = new Set(
    shown.flatMap((p) =>
      p.type === 'video' ? recordingKeys(p.content.url, linksOf('video', p.content.url)) : [],
    ),
  );
  const inVideo = (url: string) => recordingKeys(url, linksOf('audio', url)).some((key) => inVideos.has(key));
  if (shown.length === 0) return null;
  return (
    <div className={cn('flex flex-col gap-6', className)}>
      {shown.map((paragraph, index) => {
        const key = `${paragraph.type}-${index}`;
        switch (paragraph.type) {
          case 'text':
            return (
              <p
                key={key}
                dir="auto"
                className="text-start text-lg leading-relaxed wrap-anywhere whitespace-pre-wrap text-zinc-800"
              >
                {paragraph.content}
              </p>
            );
          case 'image':
            return showableImage(paragraph.content) ? (
              <img
                key={key}
                src={paragraph.content}
                alt={t('josie.view.imageAlt', { title })}
                loading="lazy"
                className="w-full rounded-3xl bg-zinc-100 object-cover shadow-sm"
              />
            ) : null;
          case 'video':
            return (
              <Fragment key={key}>
                <VideoEmbed video={paragraph.content} />
                {videoLinks(paragraph.content.url)}
              </Fragment>
            );
          case 'audioItem':
            return (
              <AudioCard
                key={key}
                item={withKnownName(paragraph.content, listenOf('audio', paragraph.content.url))}
                links={linksOf('audio', paragraph.content.url)}
                inVideo={inVideo(paragraph.content.url)}
              />
            );
          default:
            return null;
        }
      })}
    </div>
  );
}
