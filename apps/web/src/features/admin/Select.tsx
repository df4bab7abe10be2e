import { ChevronDown } from 'lucide-react';
import type { SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/**
 * A native select styled like the app's inputs (native, so phones show their own picker and keyboard use
 * needs nothing extra). The arrow sits at the end side in either direction.
 */
export function Select({ className, children, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className={cn('relative', className)}>
      <select
        className={cn(
          'block h-11 w-full appearance-none rounded-xl border border-zinc-300 bg-white ps-4 pe-10 text-base text-zinc-900 shadow-xs',
          'transition-colors hover:border-zinc-400 disabled:cursor-not-allowed disabled:bg-zinc-100 disabled:text-zinc-600',
          'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/40',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-zinc-600"
        aria-hidden="true"
      />
    </div>
  );
}
