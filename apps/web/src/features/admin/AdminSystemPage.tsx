import { Flag, Link2, type LucideIcon, Mail, Music, ShieldCheck, Sparkles } from 'lucide-react';
import { type ComponentType, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import { AdminPage } from './AdminPage';
import { FlagsTab } from './FlagsTab';
import { LinkResolverTab } from './LinkResolverTab';
import { MessagesTab } from './MessagesTab';
import { PreferencesTab } from './PreferencesTab';
import { SecurityEventsTab } from './SecurityEventsTab';
import { TemplatesTab } from './TemplatesTab';

/** The tabs of `/admin/system`, in order; the value is also the `?tab=` query value. */
export const SYSTEM_TABS = ['templates', 'preferences', 'flags', 'messages', 'links', 'security'] as const;
export type SystemTab = (typeof SYSTEM_TABS)[number];

const TABS: Record<
  SystemTab,
  {
    label: 'tabTemplates' | 'tabPreferences' | 'tabFlags' | 'tabMessages' | 'tabLinks' | 'tabSecurity';
    icon: LucideIcon;
    Panel: ComponentType;
  }
> = {
  templates: { label: 'tabTemplates', icon: Sparkles, Panel: TemplatesTab },
  preferences: { label: 'tabPreferences', icon: Music, Panel: PreferencesTab },
  flags: { label: 'tabFlags', icon: Flag, Panel: FlagsTab },
  messages: { label: 'tabMessages', icon: Mail, Panel: MessagesTab },
  links: { label: 'tabLinks', icon: Link2, Panel: LinkResolverTab },
  security: { label: 'tabSecurity', icon: ShieldCheck, Panel: SecurityEventsTab },
};

const isSystemTab = (value: string | null): value is SystemTab =>
  (SYSTEM_TABS as readonly (string | null)[]).includes(value);

/**
 * `/admin/system` (docs/product/routes-and-roles.md#admin): tabs for AI templates, music preferences (genres
 * and interests), feature flags, messages, the listening links' resolver and the security log. Only the open tab is mounted, so each loads its data when first
 * opened; the open tab is kept in `?tab=` so it survives a reload and can be linked to.
 */
export default function AdminSystemPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: SystemTab = isSystemTab(requested) ? requested : 'templates';
  const listRef = useRef<HTMLDivElement>(null);

  // On a phone the tab row scrolls sideways: keep the open tab in view (e.g. after following a link).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the open tab is read from the DOM, once per change
  useEffect(() => {
    listRef.current
      ?.querySelector('[role="tab"][data-state="active"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  return (
    <AdminPage title={t('admin.system.title')} lead={t('admin.system.lead')}>
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('tab', value);
              return next;
            },
            { replace: true },
          )
        }
        className="gap-6"
      >
        <TabsList ref={listRef} aria-label={t('admin.system.tabs')} className="max-w-full self-start">
          {SYSTEM_TABS.map((value) => {
            const { label, icon: Icon } = TABS[value];
            return (
              <TabsTrigger key={value} value={value} className="inline-flex items-center gap-2">
                <Icon className="size-4" aria-hidden="true" />
                {t(`admin.system.${label}`)}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {SYSTEM_TABS.map((value) => {
          const { label, Panel } = TABS[value];
          return (
            <TabsContent key={value} value={value} className="rounded-3xl">
              <h2 className="sr-only">{t(`admin.system.${label}`)}</h2>
              <Panel />
            </TabsContent>
          );
        })}
      </Tabs>
    </AdminPage>
  );
}
