import type { Invite } from '@josie/contract';
import { Ban, Copy, Link2, Users } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates';
import { Avatar } from '../../ui/Avatar';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Input';
import { toast } from '../../ui/toast';
import { copyToClipboard } from './clipboard';
import { inviteLink, stateOf } from './invites';
import { Stat } from './Stat';

/** How many of the people who joined are shown by name; the rest are counted. */
const USERS_SHOWN = 6;

const BADGE_TONE = { active: 'success', disabled: 'neutral', expired: 'warning' } as const;

/** One invite: status, message, link with Copy, Disable, dates, who joined and page visits. */
export function InviteCard({
  invite,
  now,
  onDisable,
}: {
  invite: Invite;
  now: number;
  onDisable(invite: Invite): void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const linkId = useId();
  const state = stateOf(invite, now);
  const active = state === 'active';
  const link = inviteLink(invite.code);
  const shown = invite.usedBy.users.slice(0, USERS_SHOWN);
  const more = invite.usedBy.count - shown.length;

  const copy = async () => {
    if (await copyToClipboard(link)) toast.success(t('invites.copied'));
    else toast.error(t('invites.copyFailed'));
  };

  return (
    <li>
      <article
        aria-labelledby={titleId}
        className={`flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-zinc-200 sm:p-6 ${active ? '' : 'bg-zinc-50/80'}`}
      >
        <div className="flex items-start justify-between gap-3">
          <p
            id={titleId}
            dir="auto"
            className={`min-w-0 flex-1 text-start text-base leading-relaxed font-medium wrap-anywhere whitespace-pre-line ${active ? 'text-zinc-900' : 'text-zinc-600'}`}
          >
            {invite.inviteText}
          </p>
          <Badge tone={BADGE_TONE[state]} className="shrink-0">
            {t(`invites.status.${state}`)}
          </Badge>
        </div>

        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <label htmlFor={linkId} className="sr-only">
            {t('invites.link')}
          </label>
          {/* The URL reads left to right in both languages; its icon and padding follow it. */}
          <div className="relative min-w-0 flex-1" dir="ltr">
            <Link2
              className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-zinc-500"
              aria-hidden="true"
            />
            <Input
              id={linkId}
              readOnly
              value={link}
              dir="ltr"
              onFocus={(event) => event.currentTarget.select()}
              className={`ps-9 font-mono text-sm ${active ? '' : 'text-zinc-500 line-through'}`}
            />
          </div>
          <div className="flex gap-2">
            <Button
              variant="outline"
              disabled={!active}
              onClick={() => void copy()}
              className="flex-1 whitespace-nowrap"
            >
              <Copy className="size-4" aria-hidden="true" />
              {t('invites.copy')}
            </Button>
            {active && (
              <Button
                variant="ghost"
                onClick={() => onDisable(invite)}
                className="flex-1 whitespace-nowrap text-red-700 hover:bg-red-50"
              >
                <Ban className="size-4" aria-hidden="true" />
                {t('invites.disable')}
              </Button>
            )}
          </div>
        </div>

        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Stat label={t('invites.createdOn')} value={formatDate(invite.createdAt, i18n.language)} />
          <Stat
            label={state === 'expired' ? t('invites.expiredOn') : t('invites.expiresOn')}
            value={formatDate(invite.expiresAt, i18n.language)}
          />
          <Stat label={t('invites.uses')} value={t('invites.usesCount', { count: invite.usedBy.count })} />
          <Stat
            label={t('invites.visits')}
            value={t('invites.visitsCount', { count: invite.stats.pageVisits })}
          />
        </dl>

        {shown.length > 0 && (
          <div className="flex flex-col gap-2">
            <h3 className="flex items-center gap-1.5 text-xs font-semibold text-zinc-600">
              <Users className="size-3.5" aria-hidden="true" />
              {t('invites.usedBy')}
            </h3>
            <ul className="flex flex-wrap items-center gap-2">
              {shown.map((person) => (
                <li
                  key={person._id}
                  className="inline-flex max-w-full items-center gap-2 rounded-full bg-zinc-100 py-1 ps-1 pe-3 text-sm text-zinc-800"
                >
                  <Avatar src={person.avatar} name={person.name} size={24} decorative />
                  <span dir="auto" className="truncate">
                    {person.name}
                  </span>
                </li>
              ))}
              {more > 0 && (
                <li className="text-sm text-zinc-600">{t('invites.moreUsers', { count: more })}</li>
              )}
            </ul>
          </div>
        )}
      </article>
    </li>
  );
}
