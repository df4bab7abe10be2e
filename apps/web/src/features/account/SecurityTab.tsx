import type { User } from '@josie/contract';
import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toast';
import { initiatePasswordReset } from './api';
import { Section } from './Section';

/**
 * The Security tab (docs/product/routes-and-roles.md#account,
 * docs/product/rules-and-limits.md#account-images, docs/product/messages.md#sign-in-and-account): sends a
 * password-reset link to the account's email through `POST /api/users/reset-password/initiate`. Without an
 * email it toasts `account.noEmailFound`; then `account.passwordResetEmailSent` or
 * `account.passwordResetFailed` (with the server's reason, e.g. the rate limit, under it).
 */
export function SecurityTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const email = user.email.trim();
  const send = useMutation({
    mutationFn: (address: string) => initiatePasswordReset(address),
    onSuccess: () => toast.success(t('account.passwordResetEmailSent')),
    onError: (error) => {
      console.warn('Requesting a password reset failed', error);
      const reason = error instanceof ApiError ? error.serverMessage : null;
      toast.error(t('account.passwordResetFailed'), reason ? { description: reason } : undefined);
    },
  });

  return (
    <Section
      title={t('account.security.title')}
      description={
        email ? (
          <>
            {t('account.security.lead')} <bdi className="font-medium text-zinc-800">{email}</bdi>
          </>
        ) : (
          t('account.noEmailFound')
        )
      }
    >
      <div>
        <Button
          variant="outline"
          loading={send.isPending}
          onClick={() => {
            if (!email) {
              toast.error(t('account.noEmailFound'));
              return;
            }
            send.mutate(email);
          }}
        >
          {!send.isPending && <KeyRound className="size-4" aria-hidden="true" />}
          {t('account.security.send')}
        </Button>
      </div>
    </Section>
  );
}
