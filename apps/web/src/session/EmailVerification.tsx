import { ERROR_CODES } from '@josie/contract';
import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { errorText } from '../api/errorText';
import { request } from '../api/request';
import { useMutation } from '../lib/useMutation';
import { Button, type ButtonSize, type ButtonVariant } from '../ui/Button';
import { useSession } from './SessionProvider';

// Email verification's shared pieces (docs/decisions/0025-account-and-data.md): the "resend" action, and
// the notice that publishing a josie or creating an invite waits for it. Zod-free and small: the banner
// that uses them is on every signed-in page, first pages included (docs/performance.md).

/** Whether `error` is the server's 403 `EMAIL_NOT_VERIFIED` (publishing, inviting). */
export function isEmailNotVerified(error: unknown): boolean {
  return error instanceof ApiError && error.code === ERROR_CODES.EMAIL_NOT_VERIFIED;
}

/**
 * "Resend the verification email" (`POST /api/users/me/verify-email/resend`): after it, a polite live
 * message says it was sent, or gives the server's reason (429 rate limit: its message says when to retry).
 */
export function ResendVerificationButton({
  variant = 'outline',
  size = 'sm',
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  const { t } = useTranslation();
  const resend = useMutation({ mutationFn: () => request('resendVerification', {}) });
  const outcome = resend.isSuccess
    ? t('auth.verify.resent')
    : resend.isError
      ? errorText(t, resend.error, t('auth.verify.resendFailed'))
      : '';
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button
        variant={variant}
        size={size}
        loading={resend.isPending}
        disabled={resend.isSuccess}
        onClick={() => resend.mutate()}
      >
        {t('auth.verify.resend')}
      </Button>
      <span
        role="status"
        aria-live="polite"
        className={
          resend.isError ? 'text-sm font-medium text-red-800' : 'text-sm font-medium text-emerald-800'
        }
      >
        {outcome}
      </span>
    </span>
  );
}

/**
 * What the editor and the invites page show for a 403 `EMAIL_NOT_VERIFIED` instead of a generic error: why
 * (confirm your email first, at the address the link went to) and the resend action.
 */
export function EmailNotVerifiedNotice({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div
      role="alert"
      className={`flex flex-col gap-3 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset ${className ?? ''}`}
    >
      <p className="flex items-start gap-2 font-medium">
        <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {t('auth.verify.required')} {user?.email && <bdi dir="ltr">{user.email}</bdi>}
        </span>
      </p>
      <div>
        <ResendVerificationButton />
      </div>
    </div>
  );
}
