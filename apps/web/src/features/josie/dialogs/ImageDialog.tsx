import { useTranslation } from 'react-i18next';
import type { DraftImage } from '../editor/draft';
import { ImageUploadTab } from './ImageUploadTab';
import { MediaDialog, type MediaDialogTab } from './MediaDialog';

export interface ImageDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onAdd(image: DraftImage): void;
  /**
   * Tabs after the upload tab (docs/product/routes-and-roles.md#media-dialogs: upload, url, search, ai); the
   * url, search and ai tabs come with the integrations.
   */
  extraTabs?: readonly MediaDialogTab<DraftImage>[];
}

/** The add-image dialog (docs/product/routes-and-roles.md#media-dialogs): the upload tab first, then any `extraTabs`. */
export function ImageDialog({ open, onOpenChange, onAdd, extraTabs = [] }: ImageDialogProps) {
  const { t } = useTranslation();
  const tabs: MediaDialogTab<DraftImage>[] = [
    { value: 'upload', label: t('image.tabs.upload'), render: (add) => <ImageUploadTab onAdd={add} /> },
    ...extraTabs,
  ];
  return (
    <MediaDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('image.dialog.title')}
      description={t('image.dialog.description')}
      tabs={tabs}
      onAdd={onAdd}
    />
  );
}
