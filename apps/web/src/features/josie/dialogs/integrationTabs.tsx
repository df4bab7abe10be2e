import type { AudioItemContent, VideoContent } from '@josie/contract';
import type { TFunction } from 'i18next';
import type { DraftImage } from '../editor/draft';
import { AudioSearchTab } from './AudioSearchTab';
import { ImageAiTab } from './ImageAiTab';
import { ImageSearchTab } from './ImageSearchTab';
import { ImageUrlTab } from './ImageUrlTab';
import type { MediaDialogTab } from './MediaDialog';
import { VideoSearchTab } from './VideoSearchTab';

/** The audio dialog's search tab (docs/product/rules-and-limits.md#media), for `AudioDialog`'s `extraTabs`. */
export function audioSearchTabs(t: TFunction): MediaDialogTab<AudioItemContent>[] {
  return [
    {
      value: 'search',
      label: t('integrations.audioSearch.tab'),
      render: (add) => <AudioSearchTab onAdd={add} />,
    },
  ];
}

/** The video dialog's YouTube search tab (docs/product/rules-and-limits.md#media), for `VideoDialog`'s `extraTabs`. */
export function videoSearchTabs(t: TFunction): MediaDialogTab<VideoContent>[] {
  return [
    {
      value: 'search',
      label: t('integrations.videoSearch.tab'),
      render: (add) => <VideoSearchTab onAdd={add} />,
    },
  ];
}

/**
 * The image dialog's tabs after upload, in the spec's order (docs/product/routes-and-roles.md#media-dialogs:
 * url, search, ai). `josie` is the draft's title and text, for the AI prompt.
 */
export function imageTabs(
  t: TFunction,
  josie: { title: string; text: string },
): MediaDialogTab<DraftImage>[] {
  return [
    { value: 'url', label: t('integrations.imageUrl.tab'), render: (add) => <ImageUrlTab onAdd={add} /> },
    {
      value: 'search',
      label: t('integrations.imageSearch.tab'),
      render: (add) => <ImageSearchTab onAdd={add} />,
    },
    {
      value: 'ai',
      label: t('integrations.imageAi.tab'),
      render: (add) => <ImageAiTab onAdd={add} josie={josie} />,
    },
  ];
}
