import { type ItemLink, isImageSource, type ListenItem } from '@josie/contract';
import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { useInView } from '../../account';
import { chooseListen } from '../listen/choose';
import { ListenMore } from '../listen/lazy';
import { useListenProvider } from '../listen/provider';
import { readParagraphs } from '../paragraphs';
import { AudioCard } from './AudioCard';
import { VideoEmbed, type VideoEmbedProps } from './VideoEmbed';

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
  const linksOf = (kind: ListenItem['kind'], url: string) =>
    listen ? (listen.find((item) => item.kind === kind && item.itemUrl === url)?.links ?? []) : undefined;
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
                className="text-start text-lg leading-relaxed break-words whitespace-pre-wrap text-zinc-800"
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
              <VideoWithLinks
                key={key}
                video={paragraph.content}
                links={linksOf('video', paragraph.content.url)}
              />
            );
          case 'audioItem':
            return (
              <AudioCard key={key} item={paragraph.content} links={linksOf('audio', paragraph.content.url)} />
            );
          default:
            return null;
        }
      })}
    </div>
  );
}

/**
 * A video keeps its player whatever the listener's service (docs/decisions/0022-listen-on-your-own-service.md)
 * and gets "Also on" links under it once it nears the viewport and has any.
 */
function VideoWithLinks({ video, links }: { video: VideoEmbedProps['video']; links?: readonly ItemLink[] }) {
  const box = useRef<HTMLDivElement>(null);
  const near = useInView(box, '200px');
  const { provider } = useListenProvider();
  const choice = chooseListen({ platform: 'youtube', url: video.url }, links ?? [], provider, true);
  return (
    <div ref={box} className="flex flex-col gap-3">
      <VideoEmbed video={video} />
      {provider && near && choice.alsoOn.length > 0 && (
        <Suspense fallback={null}>
          <ListenMore
            kind="video"
            choice={choice}
            provider={provider}
            title={video.title ?? ''}
            artist=""
            keepOriginal
            onKeepOriginal={() => {}}
            canSwitch={false}
          />
        </Suspense>
      )}
    </div>
  );
}
