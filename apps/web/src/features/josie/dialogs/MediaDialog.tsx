import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../ui/IconButton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/Tabs';

/**
 * One way of adding a medium (a tab of its dialog): upload, url, search, ai... `render` receives `add`,
 * which hands the chosen item to the editor and closes the dialog.
 */
export interface MediaDialogTab<T> {
  value: string;
  label: string;
  render(add: (item: T) => void): ReactNode;
}

export interface MediaDialogProps<T> {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  /** The ways to add this medium, first one selected; the tab row shows once there are two or more. */
  tabs: readonly MediaDialogTab<T>[];
  onAdd(item: T): void;
}

/**
 * The modal of a media dialog (Radix Dialog: focus trapped inside, Escape or the close button cancels,
 * focus returns to the button that opened it) with its tabs. Each tab is mounted while the dialog is
 * open, so closing discards what was half chosen.
 */
export function MediaDialog<T>({ open, onOpenChange, title, description, tabs, onAdd }: MediaDialogProps<T>) {
  const { t } = useTranslation();
  const add = (item: T) => {
    onAdd(item);
    onOpenChange(false);
  };
  const [first] = tabs;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/40 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 mx-auto flex max-h-[92dvh] w-full max-w-lg flex-col gap-5 overflow-y-auto rounded-t-3xl bg-white p-5 shadow-2xl sm:inset-0 sm:m-auto sm:h-fit sm:w-[min(32rem,calc(100vw-2rem))] sm:rounded-3xl sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <div className="flex flex-col gap-1">
              <Dialog.Title className="text-xl font-bold text-zinc-950">{title}</Dialog.Title>
              <Dialog.Description className="text-sm text-zinc-600">{description}</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <IconButton label={t('common.close')} className="-me-2 -mt-2">
                <X className="size-5" aria-hidden="true" />
              </IconButton>
            </Dialog.Close>
          </div>
          {tabs.length > 1 && first ? (
            <Tabs defaultValue={first.value}>
              <TabsList aria-label={title}>
                {tabs.map((tab) => (
                  <TabsTrigger key={tab.value} value={tab.value}>
                    {tab.label}
                  </TabsTrigger>
                ))}
              </TabsList>
              {tabs.map((tab) => (
                <TabsContent key={tab.value} value={tab.value}>
                  {tab.render(add)}
                </TabsContent>
              ))}
            </Tabs>
          ) : (
            first?.render(add)
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
