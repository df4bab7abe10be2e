import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { Input } from '../../../ui/Input';

export interface UrlTabProps {
  /** The field's label and hint, and the submit button's text, already translated. */
  label: string;
  hint: string;
  submitLabel: string;
  /** An example link of the kind the tab takes. */
  placeholder: string;
  /** The text direction of the field, when it must not follow the page's. */
  dir?: 'ltr';
  /** Why the link was refused, shown under the field and marking it invalid. */
  error?: string;
  /** Whether the link is being looked up or imported; a promise from `onSubmit` counts as well. */
  busy?: boolean;
  /** Called with each edit of the link. */
  onEdit?(url: string): void;
  /** Called with the link as typed when the form is sent. */
  onSubmit(url: string): void | Promise<void>;
  /** What shows between the field and the submit button (e.g. 'Add anyway'). */
  children?: ReactNode;
}

/**
 * The paste-a-link tab shared by the media dialogs (image, video and audio URL tabs): a labelled URL field,
 * its error, and a submit button that shows it is busy while the tab's own check, lookup or import runs.
 */
export function UrlTab({
  label,
  hint,
  submitLabel,
  placeholder,
  dir,
  error,
  busy = false,
  onEdit,
  onSubmit,
  children,
}: UrlTabProps) {
  const [url, setUrl] = useState('');
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sent = onSubmit(url);
    if (!sent) return;
    setSending(true);
    try {
      await sent;
    } finally {
      setSending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field label={label} hint={hint} error={error}>
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            dir={dir}
            autoComplete="off"
            placeholder={placeholder}
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              onEdit?.(event.target.value);
            }}
          />
        )}
      </Field>
      {children}
      <Button type="submit" className="self-end" loading={busy || sending}>
        {submitLabel}
      </Button>
    </form>
  );
}
