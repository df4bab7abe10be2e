import {
  type AdminUserDetail,
  type AdminUserDetailResponse,
  AdminUserRow,
  ERROR_CODES,
  ROLES,
  type Role,
} from '@josie/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { request } from '../../api/request';
import { useMutation } from '../../lib/useMutation';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/toast';
import { Card } from './AdminPage';
import { adminKeys } from './queries';
import { Select } from './Select';

export interface RoleFormProps {
  user: AdminUserDetail;
  /** The user is the signed-in admin: the server refuses a change of one's own role (409 OWN_ROLE). */
  isSelf: boolean;
}

/**
 * The role selector of the user page (docs/product/routes-and-roles.md#admin): how a listener becomes a
 * curator or an editor. Saving asks for confirmation (the user is signed out everywhere,
 * docs/product/differences.md), then `PATCH /api/admin/users/{id}` `{role}`; success updates the page, the
 * user list and the totals, and toasts. Disabled, with the reason, on one's own page.
 */
export function RoleForm({ user, isSelf }: RoleFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const selectId = useId();
  const hintId = useId();
  const titleId = useId();
  const [role, setRole] = useState<Role>(user.role);
  const [confirming, setConfirming] = useState(false);
  // A new role from the server (after saving, or a refetch) becomes the selection.
  const [savedRole, setSavedRole] = useState<Role>(user.role);
  if (savedRole !== user.role) {
    setSavedRole(user.role);
    setRole(user.role);
  }

  const change = useMutation({
    mutationFn: (next: Role) =>
      request('adminChangeRole', { params: { id: user.id }, body: { role: next } }, { schema: AdminUserRow }),
    onSuccess: async (row) => {
      setConfirming(false);
      queryClient.setQueryData<AdminUserDetailResponse>(adminKeys.user(user.id), (old) =>
        old ? { ...old, user: { ...old.user, ...row } } : old,
      );
      toast.success(t('admin.user.roleSaved', { name: row.name, role: t(`admin.roles.${row.role}`) }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.userLists }),
        queryClient.invalidateQueries({ queryKey: adminKeys.stats }),
      ]);
    },
    onError: (error) => {
      console.warn('Role not changed', error);
      setConfirming(false);
      // The last admin keeps the role (docs/product/routes-and-roles.md#roles): said as such, not as a failure.
      const lastAdmin = error instanceof ApiError && error.code === ERROR_CODES.LAST_ADMIN;
      toast.error(t(lastAdmin ? 'admin.user.lastAdmin' : 'admin.user.roleError'));
    },
  });

  const dirty = role !== user.role;
  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-800">
          <ShieldCheck className="size-5" aria-hidden="true" />
        </span>
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-lg font-semibold text-zinc-950">
            {t('admin.user.roleTitle')}
          </h2>
          <p className="text-sm text-zinc-600">{t('admin.user.roleLead')}</p>
        </div>
      </div>
      <form
        className="flex flex-col gap-3 sm:flex-row"
        onSubmit={(event) => {
          event.preventDefault();
          if (dirty && !isSelf) setConfirming(true);
        }}
      >
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor={selectId} className="text-sm font-medium text-zinc-800">
            {t('admin.user.roleLabel')}
          </label>
          <Select
            id={selectId}
            value={role}
            disabled={isSelf || change.isPending}
            aria-describedby={isSelf ? hintId : undefined}
            onChange={(event) => setRole(event.target.value as Role)}
          >
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {t(`admin.roles.${value}`)}
              </option>
            ))}
          </Select>
          {isSelf && (
            <p id={hintId} className="text-sm text-zinc-600">
              {t('admin.user.ownRole')}
            </p>
          )}
        </div>
        <Button
          type="submit"
          className="sm:mt-[1.625rem] sm:self-start"
          disabled={isSelf || !dirty}
          loading={change.isPending}
        >
          {t('admin.user.saveRole')}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!change.isPending) setConfirming(open);
        }}
        title={t('admin.user.roleConfirmTitle')}
        description={t('admin.user.roleConfirm', {
          name: user.name,
          from: t(`admin.roles.${user.role}`),
          to: t(`admin.roles.${role}`),
        })}
        confirmLabel={t('admin.user.roleConfirmButton')}
        pending={change.isPending}
        onConfirm={() => change.mutate(role)}
      />
    </Card>
  );
}
