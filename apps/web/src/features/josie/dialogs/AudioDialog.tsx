import type { AudioItemContent } from '@josie/contract';
import { useTranslation } from 'react-i18next';
import { AudioUrlTab } from './AudioUrlTab';
import { MediaDialog, type MediaDialogTab } from './MediaDialog';

export interface AudioDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onAdd(item: AudioItemContent): void;
  /** Other ways of adding audio, e.g. the audio search that comes with the integrations. */
  extraTabs?: readonly MediaDialogTab<AudioItemContent>[];
  /**
   * The flag `audio_input_url_mode` (docs/product/routes-and-roles.md#media-dialogs, default on): the URL
   * paste tab comes first when on; when off the `extraTabs` (the search) come first and the URL tab stays
   * available after them.
   */
  urlFirst?: boolean;
}

/** The add-audio dialog (docs/product/routes-and-roles.md#media-dialogs): paste a Spotify or YouTube link, and any `extraTabs`. */
export function AudioDialog({
  open,
  onOpenChange,
  onAdd,
  extraTabs = [],
  urlFirst = true,
}: AudioDialogProps) {
  const { t } = useTranslation();
  const url: MediaDialogTab<AudioItemContent> = {
    value: 'url',
    label: t('audio.tabs.url'),
    render: (add) => <AudioUrlTab onAdd={add} />,
  };
  const tabs = urlFirst ? [url, ...extraTabs] : [...extraTabs, url];
  return (
    <MediaDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('audio.dialog.title')}
      description={t('audio.dialog.description')}
      tabs={tabs}
      onAdd={onAdd}
    />
  );
}
