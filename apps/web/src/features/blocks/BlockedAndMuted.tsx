import type { RelatedAccount } from '@josie/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { formatDate } from '../../lib/dates';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { LoadMore } from '../../ui/LoadMore';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { accountsOf, type RelationKind, useRelations, useSetRelation } from './api';
import { Named } from './useBlocking';

/** One account of a list, with Unblock or Unmute. */
function AccountRow({ account, kind }: { account: RelatedAccount; kind: RelationKind }) {
  const { t, i18n } = useTranslation();
  const undo = useSetRelation(kind);
  const name = account.name;
  const blocks = kind === 'blocks';
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Avatar src={account.avatar} name={name} size={40} decorative className="shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-semibold text-zinc-950">
          <bdi>{name}</bdi>
        </span>
        <span className="text-sm text-zinc-600">
          {t('blocks.settings.since', { date: formatDate(account.since, i18n.resolvedLanguage) })}
        </span>
      </div>
      <Button
        variant="outline"
        size="sm"
        loading={undo.isPending}
        onClick={() =>
          undo.mutate(
            { userId: account._id, active: false },
            {
              onSuccess: () =>
                toast.success(<Named i18nKey={blocks ? 'blocks.unblocked' : 'blocks.unmuted'} name={name} />),
              onError: (failure) =>
                toast.error(errorText(t, failure, t(blocks ? 'blocks.unblockError' : 'blocks.unmuteError'))),
            },
          )
        }
      >
        <span className="sr-only">
          <Named
            i18nKey={blocks ? 'blocks.settings.unblockLabel' : 'blocks.settings.unmuteLabel'}
            name={name}
          />
        </span>
        <span aria-hidden="true">{t(blocks ? 'blocks.unblock' : 'blocks.unmute')}</span>
      </Button>
    </li>
  );
}

/** One list (blocked or muted): loading, error with retry, empty, the accounts and "Load more". */
function RelationList({ kind }: { kind: RelationKind }) {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useRelations(kind);
  const blocks = kind === 'blocks';
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h3 id={titleId} className="text-base font-semibold text-zinc-950">
        {t(blocks ? 'blocks.settings.blockedTitle' : 'blocks.settings.mutedTitle')}
      </h3>
      <QueryState
        query={query}
        errorText={t('blocks.settings.loadError')}
        loadingLabel={t('blocks.settings.loading')}
        loadingSize="section"
        isEmpty={(data) => accountsOf(data).length === 0}
        empty={
          <p className="text-sm text-zinc-600">
            {t(blocks ? 'blocks.settings.blockedEmpty' : 'blocks.settings.mutedEmpty')}
          </p>
        }
      >
        {(data) => (
          <ul className="flex flex-col divide-y divide-zinc-100">
            {accountsOf(data).map((account) => (
              <AccountRow key={account._id} account={account} kind={kind} />
            ))}
          </ul>
        )}
      </QueryState>
      <LoadMore query={query} failedText={t('blocks.settings.loadError')} variant="ghost" size="sm" />
    </section>
  );
}

/**
 * The lists of the account page's "Blocked and muted" tab (docs/product/routes-and-roles.md#account,
 * docs/product/rules-and-limits.md#blocking-and-muting): both lists, newest first, each account with
 * Unblock or Unmute.
 */
export function BlockedAndMuted() {
  return (
    <div className="flex flex-col gap-6">
      <RelationList kind="blocks" />
      <RelationList kind="mutes" />
    </div>
  );
}
