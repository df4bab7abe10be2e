import type { LiveListEntry } from '@josie/contract';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { focusRing } from '../../ui/Button';
import { FormError } from '../../ui/FormError';
import { listEntryLabel, sortByLabel } from '../preferences';

export interface ChoiceStepProps {
  list: 'genres' | 'interests';
  title: string;
  lead: string;
  /** The live list to pick from. */
  options: readonly LiveListEntry[];
  selected: readonly string[];
  onToggle(name: string): void;
  /** The validation or save error to show under the chips. */
  error: string | null;
}

/**
 * One choice step of onboarding (genres, interests): the live list as toggle chips (`aria-pressed`), a
 * count of the chosen ones, and the step's error.
 */
export function ChoiceStep({ list, title, lead, options, selected, onToggle, error }: ChoiceStepProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const chosen = new Set(selected.map((name) => name.toLowerCase()));
  // Alphabetical in the reader's language, not in the list's English spelling.
  const labelled = sortByLabel(
    options.map((option) => ({ ...option, label: listEntryLabel(t, list, option.name) })),
    (option) => option.label,
    i18n.resolvedLanguage,
  );
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-zinc-950">
          {title}
        </h2>
        <p className="text-zinc-600">{lead}</p>
      </div>
      <fieldset aria-labelledby={headingId} className="flex min-w-0 flex-wrap gap-2.5">
        {labelled.map((option) => {
          const on = chosen.has(option.name.toLowerCase());
          return (
            <button
              key={option._id}
              type="button"
              aria-pressed={on}
              onClick={() => onToggle(option.name)}
              className={cn(
                'inline-flex h-11 items-center gap-1.5 rounded-full px-4 text-sm font-semibold transition-all',
                on
                  ? 'bg-brand-600 text-white shadow-md shadow-brand-600/30 hover:bg-brand-700'
                  : 'bg-white text-zinc-800 ring-1 ring-zinc-300 hover:ring-brand-400 hover:text-brand-800',
                focusRing,
              )}
            >
              {on && <Check className="size-4" aria-hidden="true" />}
              {option.label}
            </button>
          );
        })}
      </fieldset>
      <p className="text-sm text-zinc-600" aria-live="polite">
        {t('onboarding.selectedCount', { count: selected.length })}
      </p>
      <FormError message={error} />
    </div>
  );
}
