import { COMMENT_LIMITS } from '@josie/contract';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { Button } from '../../ui/Button';
import { FormError } from '../../ui/FormError';
import { Textarea } from '../../ui/Input';

export interface CommentBoxProps {
  /** The label above the box (a comment, a reply to someone, an edit). */
  label: ReactNode;
  placeholder?: string;
  /** The text it opens with (an edit). */
  initial?: string;
  submitLabel: string;
  /** Sends the text; a refusal shows under the box by its error code, the text kept. */
  onSubmit(text: string): Promise<unknown>;
  /** Shown with a Cancel button (a reply, an edit). */
  onCancel?: () => void;
  /** The text shown for a refusal whose code has no text of its own. */
  errorFallback: string;
  autoFocus?: boolean;
}

/**
 * A comment's text box (docs/product/rules-and-limits.md#comments): up to 2,000 characters with what is left
 * shown near the end, line breaks kept, `dir="auto"` (the shared `Textarea`); empty text cannot be sent. A
 * refusal shows the text of its code (`errors.api.*`), never the server's English message.
 */
export function CommentBox({
  label,
  placeholder,
  initial = '',
  submitLabel,
  onSubmit,
  onCancel,
  errorFallback,
  autoFocus = false,
}: CommentBoxProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const left = COMMENT_LIMITS.textMaxLength - text.length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || pending) return;
    setPending(true);
    setError(null);
    try {
      await onSubmit(text);
      setText('');
    } catch (failure) {
      setError(errorText(t, failure, errorFallback));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-zinc-800">
        {label}
      </label>
      {/* A reply or an edit opens on the box the reader asked for (`autoFocus`). */}
      <Textarea
        id={id}
        rows={3}
        value={text}
        maxLength={COMMENT_LIMITS.textMaxLength}
        placeholder={placeholder}
        autoFocus={autoFocus}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
      />
      {error && <FormError message={error} />}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {left < 200 && (
          <span className="me-auto text-xs text-zinc-600" aria-live="polite">
            {t('comments.box.remaining', { count: left })}
          </span>
        )}
        {onCancel && (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            {t('comments.box.cancel')}
          </Button>
        )}
        <Button type="submit" size="sm" loading={pending} disabled={!text.trim()}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
