import { ArrowDown, ArrowUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { focusRing } from '../../ui/Button';
import type { JosieSort, SortField } from './josieSort';

const SORT_LABELS = { updatedAt: 'josie.list.sortUpdated', title: 'josie.list.sortTitle' } as const;

/** One sort button: pressed while its field is the active one, with the direction's arrow. */
export function SortButton({
  field,
  sort,
  onSort,
}: {
  field: SortField;
  sort: JosieSort;
  onSort(field: SortField): void;
}) {
  const { t } = useTranslation();
  const active = sort.field === field;
  const Arrow = sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={() => onSort(field)}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-full px-4 text-sm font-semibold transition-colors',
        active ? 'bg-zinc-900 text-white' : 'text-zinc-700 hover:bg-zinc-200/70',
        focusRing,
      )}
    >
      {t(SORT_LABELS[field])}
      {active && <Arrow className="size-4" aria-hidden="true" />}
    </button>
  );
}
