import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cn } from '../lib/cn';
import { focusRing } from './Button';

export interface IconButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'aria-label'> {
  /** The accessible name; icon-only buttons have no visible text. */
  label: string;
  children: ReactNode;
  variant?: 'ghost' | 'solid';
}

/** A round icon-only button whose accessible name is `label`. */
export function IconButton({
  label,
  children,
  className,
  variant = 'ghost',
  type,
  ...props
}: IconButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-full transition-colors',
        'disabled:cursor-not-allowed disabled:opacity-60',
        variant === 'solid' ? 'bg-zinc-900 text-white hover:bg-zinc-800' : 'text-zinc-800 hover:bg-zinc-100',
        focusRing,
        className,
      )}
      {...props}
    >
      {children}
    </button>
  );
}
