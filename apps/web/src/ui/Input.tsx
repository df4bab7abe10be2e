import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '../lib/cn';

const control =
  'block w-full rounded-xl border border-zinc-300 bg-white px-4 text-base text-zinc-900 shadow-xs transition-colors ' +
  'placeholder:text-zinc-500 hover:border-zinc-400 ' +
  'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/40 ' +
  'aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus-visible:outline-red-600/40 ' +
  'disabled:cursor-not-allowed disabled:bg-zinc-100';

/**
 * A text input. User-typed text gets `dir="auto"` so Hebrew and English each read in their own direction
 * whatever the page direction (docs/ARCHITECTURE.md#practices).
 */
export function Input({ className, dir = 'auto', ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input dir={dir} className={cn(control, 'h-11', className)} {...props} />;
}

/** A multi-line text input with `dir="auto"`. */
export function Textarea({
  className,
  dir = 'auto',
  rows = 5,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea
      dir={dir}
      rows={rows}
      className={cn(control, 'min-h-28 py-3 leading-relaxed', className)}
      {...props}
    />
  );
}
