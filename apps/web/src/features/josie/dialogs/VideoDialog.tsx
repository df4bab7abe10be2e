import type { VideoContent } from '@josie/contract';
import { useTranslation } from 'react-i18next';
import { MediaDialog, type MediaDialogTab } from './MediaDialog';
import { VideoUrlTab } from './VideoUrlTab';

export interface VideoDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onAdd(video: VideoContent): void;
  /** Tabs after the paste-a-link tab (docs/product/routes-and-roles.md#media-dialogs: paste a URL, or search); search comes with the integrations. */
  extraTabs?: readonly MediaDialogTab<VideoContent>[];
}

/** The add-video dialog (docs/product/routes-and-roles.md#media-dialogs): paste a YouTube link, then any `extraTabs`. */
export function VideoDialog({ open, onOpenChange, onAdd, extraTabs = [] }: VideoDialogProps) {
  const { t } = useTranslation();
  const tabs: MediaDialogTab<VideoContent>[] = [
    { value: 'url', label: t('video.tabs.url'), render: (add) => <VideoUrlTab onAdd={add} /> },
    ...extraTabs,
  ];
  return (
    <MediaDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('video.dialog.title')}
      description={t('video.dialog.description')}
      tabs={tabs}
      onAdd={onAdd}
    />
  );
}
