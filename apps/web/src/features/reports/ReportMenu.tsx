import { EllipsisVertical, Flag } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { focusRing } from '../../ui/Button';
import type { ReportTarget } from './api';
import { ReportDialog } from './ReportDialog';

/**
 * The "More" menu of a josie page or a profile, with "Report" (decision 0047): arrow keys move through its
 * items, Escape closes it, and "Report" opens the {@link ReportDialog}. Loaded lazily with all texts.
 */
export default function ReportMenu({ target }: { target: ReportTarget }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          aria-label={t('moderation.report.more')}
          className={cn(
            'inline-flex size-9 items-center justify-center rounded-full text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900',
            focusRing,
          )}
        >
          <EllipsisVertical className="size-5" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-40 min-w-40 rounded-2xl bg-white p-1 shadow-xl ring-1 ring-zinc-200"
          >
            <DropdownMenu.Item
              onSelect={() => setOpen(true)}
              className="flex cursor-pointer items-center gap-2 rounded-xl px-3 py-2 text-sm text-zinc-800 outline-none data-highlighted:bg-zinc-100"
            >
              <Flag className="size-4" aria-hidden="true" />
              {t(`moderation.report.menu.${target.type}`)}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ReportDialog open={open} onOpenChange={setOpen} target={target} />
    </>
  );
}
