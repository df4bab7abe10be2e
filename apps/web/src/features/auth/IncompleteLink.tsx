import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../ui/Button';
import { linkClasses, ResetCard } from './ResetCard';

/** Complete mode reached through a link without its email or token (`missingParams`). */
export function IncompleteLink({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <ResetCard
      icon={<TriangleAlert className="size-6" aria-hidden="true" />}
      title={t('resetPassword.missingParamsTitle')}
    >
      <p role="alert" className="text-zinc-700">
        {t('resetPassword.missingParams')}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/login" className={linkClasses}>
          {t('resetPassword.backToLogin')}
        </Link>
        <Link
          to={email ? `/reset-password?email=${encodeURIComponent(email)}` : '/reset-password'}
          className={buttonClasses('primary', 'md')}
        >
          {t('resetPassword.requestNewLink')}
        </Link>
      </div>
    </ResetCard>
  );
}
