import { FEED_THEMES, type FeedTheme } from '@josie/contract';
import { LayoutGrid, List, type LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { FEED_LAYOUTS, type FeedLayout } from './feedTheme';

const LAYOUT_ICONS: Record<FeedLayout, LucideIcon> = { list: List, grid: LayoutGrid };

/** Swatches previewing each theme in its switcher. */
const THEME_SWATCHES: Record<FeedTheme, string> = {
  classic: 'bg-white ring-1 ring-zinc-300',
  josie: 'bg-linear-to-br from-brand-300 to-brand-100',
  glassmorphic: 'bg-linear-to-br from-violet-300 via-brand-200 to-sky-300 ring-1 ring-white',
  vibrant: 'bg-linear-to-br from-amber-300 via-brand-400 to-violet-500 ring-2 ring-zinc-950',
};

/**
 * A row of mutually exclusive choices drawn as one pill (the feed's layout and theme switchers): native
 * radio buttons under one `name`, so the browser gives the group its keyboard behaviour (Tab enters at the
 * checked choice, arrow keys move and select, following the page direction) and assistive technology
 * reads a radio group. Native inputs rather than Radix's RadioGroup (docs/performance.md): Radix registers
 * each item with its group from a layout effect and a ref that both set state, so mounting the feed's two
 * groups made React render them again synchronously, inside the commit of the feed's first render.
 */
function Segmented<T extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: T;
  onChange(value: T): void;
  options: ReadonlyArray<{ value: T; label: string; icon: ReactNode }>;
}) {
  const name = useId();
  return (
    <div className="flex flex-col items-start gap-1.5 sm:flex-row sm:items-center sm:gap-2">
      <span className="text-xs font-semibold tracking-wide text-zinc-700 uppercase" aria-hidden="true">
        {label}
      </span>
      <div
        role="radiogroup"
        aria-label={label}
        className="flex flex-wrap gap-0.5 rounded-full bg-white/80 p-1 shadow-sm ring-1 ring-zinc-200 backdrop-blur sm:gap-1"
      >
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full px-2.5 text-sm font-medium text-zinc-700 transition-colors sm:px-3',
              'hover:text-zinc-950 has-checked:bg-zinc-950 has-checked:text-white',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.icon}
            {option.label}
          </label>
        ))}
      </div>
    </div>
  );
}

/**
 * The feed's layout switcher (List, Funky Grid) and theme switcher (Classic, Josie, Glass, Vibrant), as
 * two radio groups (docs/product/routes-and-roles.md#home-and-feed,
 * docs/product/rules-and-limits.md#preferences-and-catalogues).
 */
export function FeedControls({
  layout,
  onLayoutChange,
  theme,
  onThemeChange,
}: {
  layout: FeedLayout;
  onLayoutChange(layout: FeedLayout): void;
  theme: FeedTheme;
  onThemeChange(theme: FeedTheme): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
      <Segmented
        label={t('feed.layout.label')}
        value={layout}
        onChange={onLayoutChange}
        options={FEED_LAYOUTS.map((value) => {
          const Icon = LAYOUT_ICONS[value];
          return {
            value,
            label: t(`feed.layout.${value}`),
            icon: <Icon className="size-4" aria-hidden="true" />,
          };
        })}
      />
      <Segmented
        label={t('feed.theme.label')}
        value={theme}
        onChange={onThemeChange}
        options={FEED_THEMES.map((value) => ({
          value,
          label: t(`feed.theme.${value}`),
          icon: <span className={cn('size-3.5 rounded-full', THEME_SWATCHES[value])} aria-hidden="true" />,
        }))}
      />
    </div>
  );
}
