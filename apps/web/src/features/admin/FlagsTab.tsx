import { FLAG_KEYS, type FlagKey, FlagsResponse, flagEnabled } from '@josie/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'radix-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { flagsQueryKey } from '../../flags';
import { cn } from '../../lib/cn';
import { useMutation } from '../../lib/useMutation';
import { focusRing } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { Card, Skeleton } from './AdminPage';
import { adminKeys, fetchFlags } from './queries';

/** One flag: its name and meaning, its stored string, and an on/off switch. */
function FlagRow({
  flag,
  value,
  pending,
  onChange,
}: {
  flag: FlagKey;
  value: string;
  pending: boolean;
  onChange(enabled: boolean): void;
}) {
  const { t } = useTranslation();
  const nameId = useId();
  const descriptionId = useId();
  const enabled = flagEnabled(flag, value);
  return (
    <li className="flex items-start justify-between gap-4 py-4 first:pt-0 last:pb-0">
      <div className="flex min-w-0 flex-col gap-1">
        <h3 id={nameId} className="font-semibold text-zinc-950">
          {t(`admin.flags.${flag}.name`)}
        </h3>
        <p id={descriptionId} className="text-sm text-zinc-600">
          {t(`admin.flags.${flag}.description`)}
        </p>
        <p className="flex flex-wrap items-center gap-2 text-xs text-zinc-600">
          <code dir="ltr" className="rounded-md bg-zinc-100 px-1.5 py-0.5 font-mono text-zinc-800">
            {flag}
          </code>
          <span>{t('admin.flags.value', { value })}</span>
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2 pt-0.5">
        {pending && <Spinner size="sm" />}
        <span
          aria-hidden="true"
          className={cn('text-sm font-medium', enabled ? 'text-brand-800' : 'text-zinc-600')}
        >
          {enabled ? t('admin.flags.on') : t('admin.flags.off')}
        </span>
        <Switch.Root
          checked={enabled}
          disabled={pending}
          onCheckedChange={onChange}
          aria-labelledby={nameId}
          aria-describedby={descriptionId}
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full p-0.5 transition-colors',
            'bg-zinc-300 data-[state=checked]:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-60',
            focusRing,
          )}
        >
          <Switch.Thumb
            className={cn(
              'block size-6 rounded-full bg-white shadow-sm transition-transform',
              'data-[state=checked]:translate-x-5 rtl:data-[state=checked]:-translate-x-5',
            )}
          />
        </Switch.Root>
      </div>
    </li>
  );
}

/**
 * The "Feature flags" tab (docs/product/rules-and-limits.md#feature-flags;
 * docs/product/differences.md#feature-flags): the three flags with their meaning and stored string, each with
 * a switch that saves `'true'` or `'false'` through `PUT /api/admin/flags/{key}` and toasts. The app-wide
 * flags are refetched at once, so the change applies to the admin without waiting for the hourly refresh.
 */
export function FlagsTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const flags = useQuery({ queryKey: adminKeys.flags, queryFn: fetchFlags });

  const save = useMutation({
    mutationFn: ({ flag, enabled }: { flag: FlagKey; enabled: boolean }) =>
      request(
        'setFlag',
        { params: { key: flag }, body: { value: enabled ? 'true' : 'false' } },
        { schema: FlagsResponse },
      ),
    onSuccess: async (answer, { flag, enabled }) => {
      queryClient.setQueryData(adminKeys.flags, answer);
      const name = t(`admin.flags.${flag}.name`);
      toast.success(enabled ? t('admin.flags.savedOn', { name }) : t('admin.flags.savedOff', { name }));
      await queryClient.invalidateQueries({ queryKey: flagsQueryKey });
    },
    onError: (error) => {
      console.warn('Flag not saved', error);
      toast.error(t('admin.flags.updateError'));
    },
  });

  if (flags.isPending) {
    return (
      <Card as="div" className="flex flex-col gap-6">
        <Spinner className="sr-only" />
        {FLAG_KEYS.map((flag) => (
          <div key={flag} className="flex items-center justify-between gap-4">
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-4 w-full max-w-md" />
            </div>
            <Skeleton className="h-7 w-12 rounded-full" />
          </div>
        ))}
      </Card>
    );
  }
  if (flags.isError) {
    return <ErrorBox message={t('admin.flags.loadError')} onRetry={() => void flags.refetch()} />;
  }
  return (
    <Card className="flex flex-col gap-4">
      <p className="text-sm text-zinc-600">{t('admin.flags.lead')}</p>
      <ul className="flex flex-col divide-y divide-zinc-100">
        {FLAG_KEYS.map((flag) => (
          <FlagRow
            key={flag}
            flag={flag}
            value={flags.data[flag]}
            pending={save.isPending && save.variables?.flag === flag}
            onChange={(enabled) => save.mutate({ flag, enabled })}
          />
        ))}
      </ul>
    </Card>
  );
}
