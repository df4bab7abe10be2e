import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { STEP_KEYS, type Step } from './steps';

/** The progress indicator: three labelled bars, the current one marked for assistive tech. */
export function Progress({ step }: { step: Step }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-semibold text-brand-800">{t('onboarding.progress', { step, total: 3 })}</p>
      <ol aria-label={t('onboarding.progressLabel')} className="grid grid-cols-3 gap-2">
        {STEP_KEYS.map((key, index) => {
          const number = index + 1;
          return (
            <li
              key={key}
              aria-current={number === step ? 'step' : undefined}
              className="flex flex-col gap-1.5"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'h-2 rounded-full transition-colors',
                  number <= step ? 'bg-linear-to-r from-brand-500 to-violet-600' : 'bg-zinc-200',
                )}
              />
              <span
                className={cn('text-xs font-medium', number === step ? 'text-zinc-950' : 'text-zinc-600')}
              >
                {t(`onboarding.steps.${key}`)}
                {number < step && <span className="sr-only"> {t('onboarding.stepDone')}</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
