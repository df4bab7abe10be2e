import type { User } from '@josie/contract';
import type { LucideIcon } from 'lucide-react';
import {
  Ban,
  Bell,
  Database,
  ExternalLink,
  Link2,
  Palette,
  ShieldCheck,
  SlidersHorizontal,
  UserRound,
} from 'lucide-react';
import { Tabs as RadixTabs } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { cn } from '../../lib/cn';
import { useSession } from '../../session/SessionProvider';
import { Avatar } from '../../ui/Avatar';
import { Badge } from '../../ui/Badge';
import { buttonClasses, focusRing } from '../../ui/Button';
import { Tabs, TabsContent } from '../../ui/Tabs';
import { toast } from '../../ui/toast';
import { BlockedAndMuted } from '../blocks';
import { ConnectionsTab, useConnectionOutcome } from './ConnectionsTab';
import { DataTab } from './DataTab';
import { NotificationsTab } from './NotificationsTab';
import { PreferencesTab } from './PreferencesTab';
import { ProfileTab } from './ProfileTab';
import { Section } from './Section';
import { SecurityTab } from './SecurityTab';
import { ThemeTab } from './ThemeTab';
import { usePreferencesDraft } from './usePreferencesDraft';

/** The tabs of the account page, in order (docs/product/routes-and-roles.md#account). */
export const ACCOUNT_TABS = [
  'profile',
  'notifications',
  'security',
  'data',
  'connections',
  'preferences',
  'theme',
  'blocked',
] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

const TAB_ICONS: Record<AccountTab, LucideIcon> = {
  profile: UserRound,
  notifications: Bell,
  security: ShieldCheck,
  data: Database,
  connections: Link2,
  preferences: SlidersHorizontal,
  theme: Palette,
  blocked: Ban,
};

/** The tab named by `?tab=`, else Profile. */
export function tabFrom(value: string | null): AccountTab {
  return (ACCOUNT_TABS as readonly string[]).includes(value ?? '') ? (value as AccountTab) : 'profile';
}

/** Who is signed in: header image (or gradient), avatar, name, email, role, and the public profile link. */
function AccountSummary({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-zinc-200/80">
      <div className="h-24 sm:h-28">
        {user.headerImage ? (
          <img src={user.headerImage} alt="" className="size-full object-cover" />
        ) : (
          <div className="size-full bg-linear-to-br from-brand-300 via-brand-100 to-violet-200" />
        )}
      </div>
      <div className="-mt-10 flex flex-col gap-4 px-5 pb-5 sm:flex-row sm:items-end sm:px-6">
        <Avatar src={user.avatar} name={user.name} size={88} className="ring-4 shadow-md" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="truncate text-xl font-bold text-zinc-950">
              <bdi>{user.name}</bdi>
            </p>
            <Badge tone="brand">{t(`account.roles.${user.role}`)}</Badge>
          </div>
          <p className="truncate text-sm text-zinc-600">
            <bdi>{user.email}</bdi>
          </p>
        </div>
        <Link to={`/profile/${user.id}`} className={buttonClasses('outline', 'sm', 'self-start sm:self-end')}>
          <ExternalLink className="size-4" aria-hidden="true" />
          {t('account.viewPublicProfile')}
        </Link>
      </div>
    </div>
  );
}

/**
 * `/account` and `/profile` (docs/product/routes-and-roles.md#account): a summary of the signed-in user and
 * the tabs Profile, Notifications, Security, Your data, Connections, Preferences, Theme and Blocked and muted. The selected tab is kept in
 * `?tab=` so a reload, a shared link or the return from a provider's consent page opens it again. Without a
 * stored user the page goes to `/login`.
 */
export default function AccountPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  useConnectionOutcome();
  const tab = tabFrom(params.get('tab'));
  // The preferences load once their tab is first opened, and the draft is held here rather than in the
  // tab (which unmounts when another tab is chosen), so unsaved choices survive a visit elsewhere.
  const [preferencesOpened, setPreferencesOpened] = useState(tab === 'preferences');
  if (tab === 'preferences' && !preferencesOpened) setPreferencesOpened(true);
  const preferences = usePreferencesDraft(
    user,
    () => toast.success(t('preferences.saved')),
    preferencesOpened,
  );
  if (!user) return <Navigate to="/login" replace />;

  const select = (next: string) => {
    const updated = new URLSearchParams(params);
    updated.set('tab', next);
    setParams(updated, { replace: true });
  };

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-10 sm:px-6 sm:py-14">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-zinc-950 sm:text-4xl">{t('account.title')}</h1>
        <p className="text-base text-zinc-600 sm:text-lg">{t('account.lead')}</p>
      </header>
      <AccountSummary user={user} />
      <Tabs value={tab} onValueChange={select} className="gap-5">
        {/* Rows of three on phones and two rows of four from md up: every tab visible, none scrolled away,
            no label cut (eight tabs in one row would cut them at the page's width). */}
        <RadixTabs.List
          aria-label={t('account.tabs.label')}
          className="grid grid-cols-3 gap-1 rounded-3xl bg-white/80 p-1 shadow-sm ring-1 ring-zinc-200 md:grid-cols-4"
        >
          {ACCOUNT_TABS.map((name) => {
            const Icon = TAB_ICONS[name];
            return (
              <RadixTabs.Trigger
                key={name}
                value={name}
                className={cn(
                  'flex min-w-0 flex-col items-center justify-center gap-1 rounded-2xl px-2 py-2 text-xs font-medium text-zinc-700 transition-colors',
                  'sm:text-sm md:flex-row md:gap-1.5 md:rounded-full md:px-2.5',
                  'hover:bg-zinc-50 hover:text-zinc-950 data-[state=active]:bg-brand-50 data-[state=active]:text-brand-800 data-[state=active]:shadow-sm data-[state=active]:ring-1 data-[state=active]:ring-brand-200',
                  focusRing,
                )}
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                <span className="truncate">{t(`account.tabs.${name}`)}</span>
              </RadixTabs.Trigger>
            );
          })}
        </RadixTabs.List>
        <TabsContent value="profile">
          <ProfileTab user={user} />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationsTab user={user} />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab user={user} />
        </TabsContent>
        <TabsContent value="data">
          <DataTab user={user} />
        </TabsContent>
        <TabsContent value="connections">
          <ConnectionsTab />
        </TabsContent>
        <TabsContent value="preferences">
          <PreferencesTab user={user} prefs={preferences} />
        </TabsContent>
        <TabsContent value="theme">
          <ThemeTab user={user} />
        </TabsContent>
        <TabsContent value="blocked">
          <Section title={t('blocks.settings.title')} description={t('blocks.settings.intro')}>
            <BlockedAndMuted />
          </Section>
        </TabsContent>
      </Tabs>
    </div>
  );
}
