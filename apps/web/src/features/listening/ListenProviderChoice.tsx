import { ActiveProviderResponse, LISTEN_SERVICES, type ListenService } from '@josie/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { request } from '../../api/request';
import { cn } from '../../lib/cn';
import { useMutation } from '../../lib/useMutation';
import { useSession } from '../../session/SessionProvider';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { PlatformIcon } from '../josie';
import { ProviderMark, SERVICE_LABELS } from './ProviderMark';

export interface ListenProviderChoiceProps {
  /** The group's accessible name (the question or section it answers). */
  label: string;
  /** Called after the server stored the choice. */
  onSaved?(provider: ListenService): void;
}

/**
 * The signed-in listener's service (docs/decisions/0022-listen-on-your-own-service.md): Spotify or YouTube
 * (`google` is shown as YouTube), whose players Josie shows, or Apple Music, Deezer, TIDAL, SoundCloud,
 * Amazon Music or YouTube Music, whose links it offers, as radio buttons, saved at once with `PUT
 * /api/users/me/active-provider`; the stored user follows the answer, so every player on the next page
 * follows it too. A refusal toasts the server's message and leaves the choice as it was.
 */
export function ListenProviderChoice({ label, onSaved }: ListenProviderChoiceProps) {
  const { t } = useTranslation();
  const { user, updateUser } = useSession();
  const name = useId();
  const save = useMutation({
    mutationFn: (activeProvider: ListenService) =>
      request('setActiveProvider', { body: { activeProvider } }, { schema: ActiveProviderResponse }),
    onSuccess: (answer) => {
      updateUser(answer.user);
      toast.success(
        t('account.connections.listenOn.saved', { provider: SERVICE_LABELS[answer.user.activeProvider] }),
      );
      onSaved?.(answer.user.activeProvider);
    },
    onError: (error) => {
      toast.error(errorText(t, error, t('account.connections.listenOn.failed')));
    },
  });
  const current = save.isPending ? save.variables : user?.activeProvider;
  return (
    <fieldset
      aria-label={label}
      aria-busy={save.isPending || undefined}
      className="flex min-w-0 flex-wrap gap-3"
    >
      {LISTEN_SERVICES.map((provider) => (
        <label
          key={provider}
          className={cn(
            'flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl bg-white px-4 py-2 font-semibold text-zinc-900 ring-1 ring-zinc-300',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
            current === provider && 'bg-brand-50 ring-2 ring-brand-600',
          )}
        >
          <input
            type="radio"
            name={name}
            value={provider}
            checked={current === provider}
            disabled={save.isPending}
            onChange={() => save.mutate(provider)}
            className="size-4 accent-brand-700"
          />
          {provider === 'spotify' || provider === 'google' ? (
            <ProviderMark provider={provider} className="size-6" />
          ) : (
            <PlatformIcon platform={provider} className="size-6" />
          )}
          {SERVICE_LABELS[provider]}
          {save.isPending && save.variables === provider && <Spinner size="sm" decorative />}
        </label>
      ))}
    </fieldset>
  );
}
