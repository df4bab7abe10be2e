import type { JosieStatus, Role } from '@josie/contract';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../ui/Badge';

const ROLE_TONES: Record<Role, BadgeTone> = {
  listener: 'neutral',
  curator: 'brand',
  editor: 'warning',
  admin: 'danger',
};

/** A user's role as a coloured label (docs/product/routes-and-roles.md#admin "role badge"). */
export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return <Badge tone={ROLE_TONES[role]}>{t(`admin.roles.${role}`)}</Badge>;
}

const STATUS_TONES: Record<JosieStatus, BadgeTone> = {
  pending: 'warning',
  published: 'success',
  rejected: 'danger',
};

/** A josie's review status as a coloured label. */
export function StatusBadge({ status }: { status: JosieStatus }) {
  const { t } = useTranslation();
  return <Badge tone={STATUS_TONES[status]}>{t(`admin.statuses.${status}`)}</Badge>;
}
