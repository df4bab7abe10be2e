import { MailWarning, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResendVerificationButton } from '../session/EmailVerification';
import { useSession } from '../session/SessionProvider';
import { IconButton } from '../ui/IconButton';

/** The session-storage key that hides the banner until the tab is closed. */
export const VERIFY_BANNER_DISMISSED_KEY = 'verify-banner-dismissed';

function dismissedThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(VERIFY_BANNER_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The "confirm your email" banner of signed-in pages while `user.emailVerified` is false
 * (docs/decisions/0025-account-and-data.md): why it matters, "resend", and a close button that hides it for
 * the browser session. It goes by itself once the stored user is verified (the `/verify-email` page
 * refreshes it).
 */
export default function VerifyEmailBanner() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [dismissed, setDismissed] = useState(dismissedThisSession);
  if (!user?.email || user.emailVerified !== false || dismissed) return null;
  return (
    <aside
      aria-label={t('auth.verify.bannerLabel')}
      className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:px-6"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2">
        <MailWarning className="size-5 shrink-0" aria-hidden="true" />
        <p className="min-w-0 flex-1 basis-56">
          {t('auth.verify.banner')}{' '}
          <bdi dir="ltr" className="font-semibold">
            {user.email}
          </bdi>
        </p>
        <ResendVerificationButton />
        <IconButton
          label={t('auth.verify.dismiss')}
          onClick={() => {
            try {
              window.sessionStorage.setItem(VERIFY_BANNER_DISMISSED_KEY, '1');
            } catch {
              // Private modes may refuse storage: the banner still closes for this page.
            }
            setDismissed(true);
          }}
        >
          <X className="size-4" aria-hidden="true" />
        </IconButton>
      </div>
    </aside>
  );
}
