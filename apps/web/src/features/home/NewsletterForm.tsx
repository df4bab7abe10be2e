import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { request } from '../../api/request';
import { useSubmitOnce } from '../../lib/useSubmitOnce';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { FormError } from '../../ui/FormError';
import { Input } from '../../ui/Input';
import { toast } from '../../ui/toast';

/** The contract's schema, loaded with the first submit. */
const loadSchema = () => import('./newsletterSchema').then((module) => module.NewsletterBody);

/**
 * The newsletter block's form: subscribes the email through `POST /api/newsletter`
 * (docs/product/differences.md#placeholders-that-work; the server ignores repeats, so subscribing twice
 * simply succeeds again) and toasts the result. The email is validated (trimmed, lower-cased) with the
 * contract's `NewsletterBody`, loaded on the first submit: the form is on the public home page, whose scripts
 * stay without zod and react-hook-form (docs/performance.md), and it is there from the first render for
 * keyboard users. A corrected email clears the error as it is typed.
 */
export function NewsletterForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = useSubmitOnce(async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    setFormError(null);
    setSubmitting(true);
    try {
      const parsed = (await loadSchema()).safeParse({ email });
      setInvalid(!parsed.success);
      if (!parsed.success) return;
      await request('newsletter', { body: parsed.data });
      toast.success(t('newsletter.success'));
      setEmail('');
    } catch (error) {
      console.warn('Newsletter subscription failed', error);
      setFormError(errorText(t, error, t('newsletter.failed')));
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex w-full flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field
          label={t('newsletter.email')}
          error={invalid ? t('validation.emailInvalid') : undefined}
          className="flex-1"
        >
          {(p) => (
            <Input
              {...p}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setInvalid(false);
              }}
            />
          )}
        </Field>
        <Button type="submit" size="md" loading={submitting} className="sm:mt-7">
          {submitting ? t('newsletter.submitting') : t('newsletter.submit')}
        </Button>
      </div>
      <FormError message={formError} />
    </form>
  );
}
