import {
  type ChangeEvent,
  type ComponentProps,
  type Ref,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf } from '../i18n';
import { cn } from '../lib/cn';

const control =
  'block w-full rounded-xl border border-zinc-300 bg-white px-4 text-base text-zinc-900 shadow-xs transition-colors ' +
  'placeholder:text-zinc-500 hover:border-zinc-400 ' +
  'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/40 ' +
  'aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus-visible:outline-red-600/40 ' +
  'disabled:cursor-not-allowed disabled:bg-zinc-100';

type TextControl = HTMLInputElement | HTMLTextAreaElement;

/** Whether a field's value (controlled `value` or uncontrolled `defaultValue`) holds any text. */
function holdsText(value: ComponentProps<'input'>['value']): boolean {
  return value !== undefined && value !== null && String(value) !== '';
}

/**
 * The `dir` of a text field and what it needs to keep it right. Typed text gets `dir="auto"`, so Hebrew and
 * English each read in their own direction whatever the page's (docs/ARCHITECTURE.md#practices). An empty
 * field has nothing for `auto` to go by, and browsers lay it out left to right: a Hebrew page's empty field
 * would align left, its caret and placeholder on the wrong side, and a placeholder ending in "?" would show
 * the mark in front. So while empty it takes the page's direction (the interface language's). A controlled
 * field is judged by `value`; an uncontrolled one (react-hook-form's `register`) by what is in it, read
 * after every render and on every change.
 */
function useTextDir<E extends TextControl>(props: {
  dir: string | undefined;
  value: ComponentProps<'input'>['value'];
  defaultValue: ComponentProps<'input'>['defaultValue'];
  onChange: ((event: ChangeEvent<E>) => void) | undefined;
  ref: Ref<E> | undefined;
}) {
  const { dir, value, defaultValue, onChange, ref } = props;
  const { i18n } = useTranslation();
  const element = useRef<E | null>(null);
  const controlled = value !== undefined;
  const [typed, setTyped] = useState(() => holdsText(defaultValue));
  // An uncontrolled field can be filled without a change event (a form's `reset`): read it after each render.
  useLayoutEffect(() => {
    if (!controlled && element.current) setTyped(element.current.value !== '');
  });
  const composedRef = useCallback(
    (node: E | null) => {
      element.current = node;
      if (typeof ref === 'function') return ref(node);
      if (ref) ref.current = node;
    },
    [ref],
  );
  const filled = controlled ? holdsText(value) : typed;
  return {
    dir: dir !== 'auto' ? dir : filled ? 'auto' : directionOf(i18n.resolvedLanguage ?? i18n.language),
    ref: composedRef,
    onChange: (event: ChangeEvent<E>) => {
      if (!controlled) setTyped(event.target.value !== '');
      onChange?.(event);
    },
  };
}

/**
 * A text input. Typed text gets `dir="auto"` so Hebrew and English each read in their own direction
 * whatever the page direction (docs/ARCHITECTURE.md#practices); an empty one takes the page's direction
 * ({@link useTextDir}). Another `dir` (`ltr` for links and addresses) is kept as given.
 */
export function Input({
  className,
  dir = 'auto',
  value,
  defaultValue,
  onChange,
  ref,
  ...props
}: ComponentProps<'input'>) {
  const text = useTextDir<HTMLInputElement>({ dir, value, defaultValue, onChange, ref });
  return (
    <input
      {...props}
      value={value}
      defaultValue={defaultValue}
      {...text}
      className={cn(control, 'h-11', className)}
    />
  );
}

/** A multi-line text input, directed like {@link Input}. */
export function Textarea({
  className,
  dir = 'auto',
  rows = 5,
  value,
  defaultValue,
  onChange,
  ref,
  ...props
}: ComponentProps<'textarea'>) {
  const text = useTextDir<HTMLTextAreaElement>({ dir, value, defaultValue, onChange, ref });
  return (
    <textarea
      {...props}
      rows={rows}
      value={value}
      defaultValue={defaultValue}
      {...text}
      className={cn(control, 'min-h-28 py-3 leading-relaxed', className)}
    />
  );
}
