import { Bell } from 'lucide-react';
import type { ComponentType } from 'react';
import { lazyPage } from '../../lib/lazyPage';

/**
 * The notifications bell of the header (`NotificationBell.tsx`), loaded for signed-in users only: the first
 * pages a visitor opens (home, josie) carry none of its code, nor the typed client's route table its count
 * is read with (docs/performance.md). While it loads, an inert bell of the same 44 px holds its place, so
 * the header does not shift.
 */
export const HeaderBell = lazyPage(
  (): Promise<{ default: ComponentType }> =>
    import('./NotificationBell').then((module) => ({ default: module.NotificationBell })),
  {
    fallback: (
      <span
        aria-hidden="true"
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-zinc-200 bg-white text-zinc-800 shadow-xs"
      >
        <Bell className="size-5" />
      </span>
    ),
  },
);
