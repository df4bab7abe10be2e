import {
  AuthProvidersResponse,
  OAUTH_FAILURES,
  type OAuthFailure,
  PROVIDERS,
  type Provider,
} from '@josie/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2, Unlink } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/errorText';
import { request } from '../../api/request';
import { meQueryKey, useSession } from '../../session/SessionProvider';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorBox } from '../../ui/ErrorBox';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { authProvidersQueryKey } from '../auth';
import { ListenProviderChoice, PROVIDER_LABELS, ProviderMark } from '../listening';
import {
  connectedProvidersKey,
  disconnectProvider,
  fetchConnectedProviders,
  startProviderConnect,
} from './api';
import { clearProviderCache } from './providerCache';

export { PROVIDER_LABELS };

import { useMutation } from '../../lib/useMutation';
import { Section } from './Section';

/** Where the provider sends the browser back after connecting. */
export const CONNECT_RETURN_PATH = '/account?tab=connections';

/**
 * Handles the provider's return to the account page (`?connected={provider}` or
 * `?connectError={reason}&provider={provider}`, see the integrations contract): toasts the outcome, forgets
 * the cached connection state so it is checked again, and removes the parameters from the address.
 */
export function useConnectionOutcome(): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const handled = useRef<string | null>(null);
  const connected = params.get('connected');
  const failure = params.get('connectError');
  const named = params.get('provider');

  useEffect(() => {
    if (!connected && !failure) return;
    const signature = `${connected}|${failure}|${named}`;
    // Effects may run twice in development; one toast per return.
    if (handled.current === signature) return;
    handled.current = signature;
    const provider = (PROVIDERS as readonly string[]).includes(connected ?? named ?? '')
      ? ((connected ?? named) as Provider)
      : null;
    const label = provider ? PROVIDER_LABELS[provider] : '';
    for (const each of PROVIDERS) clearProviderCache(each);
    // A check that started before the cache was cleared may still answer from it: cancel, then ask again.
    void queryClient
      .cancelQueries({ queryKey: connectedProvidersKey })
      .then(() => queryClient.invalidateQueries({ queryKey: connectedProvidersKey }));
    if (connected && provider) {
      toast.success(t('account.connections.connectedToast', { provider: label }));
    } else if (failure) {
      const reason: OAuthFailure = (OAUTH_FAILURES as readonly string[]).includes(failure)
        ? (failure as OAuthFailure)
        : 'provider_error';
      toast.error(
        t(`account.connections.failures.${reason}`, {
          provider: label || t('account.connections.theProvider'),
        }),
      );
    }
    const next = new URLSearchParams(params);
    for (const key of ['connected', 'connectError', 'provider']) next.delete(key);
    next.set('tab', 'connections');
    setParams(next, { replace: true });
  }, [connected, failure, named, params, setParams, queryClient, t]);
}

interface ProviderRowProps {
  provider: Provider;
  /** Whether it is connected; undefined while checking. */
  connected: boolean | undefined;
  /** Whether this server can connect it; undefined while asking. */
  configured: boolean | undefined;
}

/** One provider: its state, and Connect (when configured) or Disconnect (behind a confirmation). */
function ProviderRow({ provider, connected, configured }: ProviderRowProps) {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const noteId = useId();
  const [confirming, setConfirming] = useState(false);
  const label = PROVIDER_LABELS[provider];

  const connect = useMutation({
    mutationFn: () => startProviderConnect(provider, CONNECT_RETURN_PATH),
    onSuccess: (url) => {
      clearProviderCache(provider);
      window.location.assign(url);
    },
    onError: (error) => {
      console.warn(`Connecting ${provider} failed`, error);
      toast.error(errorText(t, error, t('account.connections.connectFailed', { provider: label })));
    },
  });

  const disconnect = useMutation({
    mutationFn: () => disconnectProvider(provider),
    onSuccess: (answer) => {
      queryClient.setQueryData(connectedProvidersKey, answer);
      // The active provider may have changed with it: refresh the stored user.
      void queryClient.invalidateQueries({ queryKey: meQueryKey(token) });
      toast.success(t('account.connections.disconnected', { provider: label }));
    },
    onError: (error) => {
      console.warn(`Disconnecting ${provider} failed`, error);
      // 409: the last way to sign in; the code's text says what to do instead.
      if (error instanceof ApiError && error.status === 409) {
        toast.error(errorText(t, error));
      } else {
        const reason = error instanceof ApiError ? errorText(t, error) : null;
        toast.error(
          t('account.connections.disconnectFailed', { provider: label }),
          reason ? { description: reason } : undefined,
        );
      }
    },
    onSettled: () => setConfirming(false),
  });

  const notConfigured = configured === false && connected === false;
  return (
    <li className="flex flex-wrap items-center gap-4 py-4 first:pt-0 last:pb-0">
      <ProviderMark provider={provider} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="font-semibold text-zinc-950">{label}</span>
        {connected === undefined ? (
          <span className="inline-flex items-center gap-2 text-sm text-zinc-600">
            <Spinner size="sm" decorative />
            {t('account.connections.checking')}
          </span>
        ) : (
          <Badge tone={connected ? 'success' : 'neutral'} className="self-start">
            {connected ? t('account.connections.connected') : t('account.connections.notConnected')}
          </Badge>
        )}
        {notConfigured && (
          <p id={noteId} className="text-xs text-zinc-600">
            {t('account.connections.notConfigured', { provider: label })}
          </p>
        )}
      </div>
      {connected ? (
        <Button
          variant="outline"
          size="sm"
          aria-label={t('account.connections.disconnectLabel', { provider: label })}
          onClick={() => setConfirming(true)}
        >
          <Unlink className="size-4" aria-hidden="true" />
          {t('account.connections.disconnect')}
        </Button>
      ) : (
        <Button
          size="sm"
          aria-label={t('account.connections.connectLabel', { provider: label })}
          aria-describedby={notConfigured ? noteId : undefined}
          disabled={connected === undefined || configured !== true}
          loading={connect.isPending}
          onClick={() => connect.mutate()}
        >
          {!connect.isPending && <Link2 className="size-4" aria-hidden="true" />}
          {t('account.connections.connect')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!disconnect.isPending) setConfirming(open);
        }}
        title={t('account.connections.disconnectTitle', { provider: label })}
        description={t('account.connections.disconnectDescription', { provider: label })}
        confirmLabel={t('account.connections.disconnect')}
        destructive
        pending={disconnect.isPending}
        onConfirm={() => disconnect.mutate()}
      />
    </li>
  );
}

/**
 * The Connections tab (docs/product/routes-and-roles.md#account,
 * docs/product/rules-and-limits.md#sign-in-providers, docs/product/messages.md#sign-in-and-account;
 * docs/product/differences.md#placeholders-that-work, docs/product/differences.md#provider-tokens): Spotify
 * and YouTube, connected or not, from `GET /api/users/me/providers` through the 5-minute local cache
 * `provider_{provider}_connected`. A failed check shows both as not connected with
 * `account.errorCheckingProviders`. Connect follows the integrations flow (`POST
 * /api/auth/{provider}/connect`, then the provider's page) when the server has the provider configured, and
 * says it is not configured otherwise. Disconnect asks first, and shows the server's message when it would
 * leave no way to sign in (409). Above them, where the listener listens (docs/decisions/0022-listen-on-your-own-service.md).
 */
export function ConnectionsTab() {
  const { t } = useTranslation();
  const connections = useQuery({
    queryKey: connectedProvidersKey,
    queryFn: ({ signal }) => fetchConnectedProviders(signal),
    retry: false,
  });
  const configured = useQuery({
    queryKey: authProvidersQueryKey,
    queryFn: ({ signal }) => request('authProviders', {}, { schema: AuthProvidersResponse, signal }),
    staleTime: 5 * 60_000,
  });

  return (
    <div className="flex flex-col gap-6">
      <Section
        title={t('account.connections.listenOn.title')}
        description={t('account.connections.listenOn.lead')}
      >
        <ListenProviderChoice label={t('account.connections.listenOn.title')} />
      </Section>
      <Section title={t('account.connections.title')} description={t('account.connections.lead')}>
        {connections.isError && (
          <ErrorBox
            message={t('account.errorCheckingProviders')}
            onRetry={() => void connections.refetch()}
          />
        )}
        <ul className="flex flex-col divide-y divide-zinc-100">
          {PROVIDERS.map((provider) => (
            <ProviderRow
              key={provider}
              provider={provider}
              // docs/product/messages.md#sign-in-and-account: false on any error.
              connected={connections.isError ? false : connections.data?.[provider]}
              configured={configured.isError ? false : configured.data?.[provider]}
            />
          ))}
        </ul>
      </Section>
    </div>
  );
}
