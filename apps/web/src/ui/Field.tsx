import { type ReactNode, useId } from 'react';
import { cn } from '../lib/cn';

/** Props a {@link Field} hands to its control so label, hint and error are wired for assistive tech. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** The error to show under the control; marks it invalid. */
  error?: string | undefined;
  /** Help text under the control. */
  hint?: ReactNode;
  className?: string;
  /** Renders the control with the given props: `(p) => <Input {...p} {...register('email')} />`. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled form control with optional hint and error text linked through `aria-describedby`. */
export function Field({ label, error, hint, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-zinc-800">
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <p id={hintId} className="text-xs text-zinc-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
