import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { focusRing } from './Button';

/** Tabs (Radix): arrow keys move between tabs and follow the page direction in Hebrew. */
export function Tabs({ className, ...props }: ComponentProps<typeof RadixTabs.Root>) {
  return <RadixTabs.Root className={cn('flex flex-col gap-4', className)} {...props} />;
}

/** The row of tab buttons; scrolls sideways on narrow screens. */
export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      className={cn('flex gap-1 overflow-x-auto rounded-full bg-zinc-100 p-1', className)}
      {...props}
    />
  );
}

/** One tab button. */
export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        'shrink-0 rounded-full px-4 py-2 text-sm font-medium whitespace-nowrap text-zinc-700 transition-colors',
        'hover:text-zinc-950 data-[state=active]:bg-white data-[state=active]:text-zinc-950 data-[state=active]:shadow-sm',
        focusRing,
        className,
      )}
      {...props}
    />
  );
}

/** The panel of one tab. */
export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn('outline-none', focusRing, className)} {...props} />;
}
