import { SuccessResponse } from '@josie/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { useMutation } from '../../lib/useMutation';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/toast';
import { adminKeys } from './queries';

/** The user a delete dialog is about. */
export interface DeleteTarget {
  id: string;
  name: string;
}

export interface DeleteUserDialogProps {
  /** The user to delete; null keeps the dialog closed. */
  target: DeleteTarget | null;
  onClose(): void;
  /** Runs after the server confirmed the deletion (e.g. to leave the deleted user's page). */
  onDeleted?(target: DeleteTarget): void;
}

/**
 * The confirmation before deleting a user (docs/product/routes-and-roles.md#admin,
 * docs/product/rules-and-limits.md#admin "Delete user: confirmation first, then the call"), then `DELETE
 * /api/admin/users/{id}`. Success toasts and refreshes the user list and the statistics; failure toasts
 * 'Failed to delete user. Please try again later' (docs/product/messages.md#admin).
 */
export function DeleteUserDialog({ target, onClose, onDeleted }: DeleteUserDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (user: DeleteTarget) =>
      request('adminDeleteUser', { params: { id: user.id } }, { schema: SuccessResponse }),
    onSuccess: async (_answer, user) => {
      toast.success(t('admin.deleteUser.success', { name: user.name }));
      onClose();
      onDeleted?.(user);
      queryClient.removeQueries({ queryKey: adminKeys.user(user.id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.userLists }),
        queryClient.invalidateQueries({ queryKey: adminKeys.stats }),
      ]);
    },
    onError: (error) => {
      console.warn('User not deleted', error);
      toast.error(t('admin.deleteUser.error'));
      onClose();
    },
  });

  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title={t('admin.deleteUser.title', { name: target?.name ?? '' })}
      description={t('admin.deleteUser.confirm')}
      confirmLabel={t('admin.deleteUser.confirmButton')}
      destructive
      pending={remove.isPending}
      onConfirm={() => {
        if (target) remove.mutate(target);
      }}
    />
  );
}
