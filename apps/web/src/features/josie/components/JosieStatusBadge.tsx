import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../ui/Badge';
import { displayStatus } from '../status';

const LOOK = {
  pending: { tone: 'warning', icon: Clock },
  published: { tone: 'success', icon: CircleCheck },
  rejected: { tone: 'danger', icon: CircleX },
} as const satisfies Record<string, { tone: BadgeTone; icon: unknown }>;

/** A josie's status as a badge: pending, published or rejected; unknown statuses show as pending (docs/product/data-and-config.md#data). */
export function JosieStatusBadge({ status, className }: { status: string; className?: string }) {
  const { t } = useTranslation();
  const shown = displayStatus(status);
  const { tone, icon: Icon } = LOOK[shown];
  return (
    <Badge tone={tone} className={className}>
      <Icon className="size-3.5" aria-hidden="true" />
      {t(`josie.status.${shown}`)}
    </Badge>
  );
}
