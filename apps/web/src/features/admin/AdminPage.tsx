import { BarChart3, ChevronRight, LayoutDashboard, type LucideIcon, Settings2, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { focusRing } from '../../ui/Button';
import { contentFrame } from '../../ui/Page';
import { PageBackdrop } from '../../ui/PageBackdrop';
import { useStudioFlag } from '../studio';

type Section = 'dashboard' | 'users' | 'studio' | 'system';

type SectionLabel = 'admin.nav.dashboard' | 'admin.nav.users' | 'admin.nav.system' | 'studio.platform.nav';

const SECTIONS: ReadonlyArray<{ key: Section; to: string; icon: LucideIcon; label: SectionLabel }> = [
  { key: 'dashboard', to: '/admin/dashboard', icon: LayoutDashboard, label: 'admin.nav.dashboard' },
  { key: 'users', to: '/admin/users', icon: Users, label: 'admin.nav.users' },
  { key: 'studio', to: '/admin/studio', icon: BarChart3, label: 'studio.platform.nav' },
  { key: 'system', to: '/admin/system', icon: Settings2, label: 'admin.nav.system' },
];

/**
 * The links between the admin pages; the current one is marked with `aria-current="page"`. The platform's
 * studio is listed while the `studio` flag is on (decision 0050).
 */
export function AdminNav() {
  const { t } = useTranslation();
  const studio = useStudioFlag() === 'on';
  const sections = SECTIONS.filter(({ key }) => key !== 'studio' || studio);
  return (
    <nav aria-label={t('admin.nav.label')} className="-mx-1 overflow-x-auto px-1 pb-1">
      <ul className="flex w-full gap-1 rounded-full bg-white p-1 shadow-sm ring-1 ring-zinc-200 sm:w-max">
        {sections.map(({ key, to, icon: Icon, label }) => (
          <li key={key} className="flex-1 sm:flex-none">
            <NavLink
              to={to}
              // `/admin/users/:id` still belongs to the Users section.
              end={key !== 'users'}
              className={({ isActive }) =>
                cn(
                  'flex h-10 items-center justify-center gap-2 rounded-full px-3 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4',
                  isActive
                    ? 'bg-brand-600 text-white shadow-sm shadow-brand-600/30'
                    : 'text-zinc-700 hover:bg-zinc-100 hover:text-zinc-950',
                  focusRing,
                )
              }
            >
              {/* Four sections fit a phone's width (390 px) by their names alone. */}
              <Icon className="hidden size-4 sm:block" aria-hidden="true" />
              {t(label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export interface AdminPageProps {
  /** The page's one `h1`. */
  title: ReactNode;
  lead?: ReactNode;
  /** Content beside the title (e.g. a back link), at the end side on wide screens. */
  aside?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every admin page (docs/product/routes-and-roles.md#admin): a soft brand header with an "Admin"
 * eyebrow, the title and lead, the section links, then the content in a wide column.
 */
export function AdminPage({ title, lead, aside, children }: AdminPageProps) {
  const { t } = useTranslation();
  return (
    <div className="relative flex flex-1 flex-col">
      <PageBackdrop />
      <div className={cn(contentFrame, 'flex flex-col gap-8 py-8 sm:py-12')}>
        <header className="flex flex-col gap-5">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div className="flex min-w-0 flex-col gap-2">
              <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
                {t('admin.eyebrow')}
              </p>
              <h1 className="text-3xl font-bold tracking-tight text-balance wrap-anywhere text-zinc-950 sm:text-4xl">
                {title}
              </h1>
              {lead && <p className="max-w-2xl text-base text-zinc-600">{lead}</p>}
            </div>
            {aside}
          </div>
          <AdminNav />
        </header>
        {children}
      </div>
    </div>
  );
}

const CARD_PADDING = { none: '', small: 'p-2', compact: 'p-4', default: 'p-5 sm:p-6' } as const;

/** A white rounded card, the admin area's basic surface. */
export function Card({
  className,
  children,
  as: Tag = 'section',
  padding = 'default',
  ...props
}: {
  className?: string;
  children: ReactNode;
  as?: 'section' | 'div' | 'li' | 'article';
  /** Inner space: none for a full-bleed table or image, compact for list cards. */
  padding?: keyof typeof CARD_PADDING;
  'aria-labelledby'?: string;
}) {
  return (
    <Tag
      className={cn('rounded-3xl bg-white shadow-sm ring-1 ring-zinc-200', CARD_PADDING[padding], className)}
      {...props}
    >
      {children}
    </Tag>
  );
}

/** A grey pulsing block shown while data loads; hidden from assistive tech (a status says "Loading"). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-xl bg-zinc-200/80', className)} />;
}

/** A card linking to another admin page. */
export function QuickLink({
  to,
  icon: Icon,
  title,
  hint,
}: {
  to: string;
  icon: LucideIcon;
  title: string;
  hint: string;
}) {
  return (
    <Link
      to={to}
      className={cn(
        'group flex items-center gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-zinc-200 transition-shadow hover:shadow-md',
        focusRing,
      )}
    >
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-2xl bg-linear-to-br from-brand-100 to-violet-100 text-brand-800">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold text-zinc-950">{title}</span>
        <span className="text-sm text-zinc-600">{hint}</span>
      </span>
      <ChevronRight
        className="size-5 shrink-0 text-zinc-500 transition-transform group-hover:translate-x-0.5 rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5"
        aria-hidden="true"
      />
    </Link>
  );
}
