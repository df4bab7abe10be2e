import { ERROR_CODES, type User } from '@josie/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileArchive, Mail, Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/errorText';
import { formatDate } from '../../lib/dates';
import { useMutation } from '../../lib/useMutation';
import { clearSession } from '../../session/storage';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { FormError } from '../../ui/FormError';
import { Input } from '../../ui/Input';
import { Spinner } from '../../ui/Spinner';
import { deleteAccount, downloadExport, exportKey, fetchExport, requestDeleteLink, startExport } from './api';
import { Section } from './Section';

/** How often a pending export is asked about again, in ms. */
export const EXPORT_POLL_MS = 3000;

/** Where the home page reads the goodbye after a deletion (`?goodbye=1`). */
export const GOODBYE_PATH = '/?goodbye=1';

/**
 * After the account's deletion: the session is cleared and the app loads the home page afresh with its
 * goodbye. A full load rather than a client-side navigation: nothing of the deleted account stays in
 * memory (query caches), and the guarded page it was on cannot send the visitor to /login first.
 */
export function leaveAfterDeletion(): void {
  clearSession();
  window.location.replace(GOODBYE_PATH);
}

/**
 * "Export my data" (docs/decisions/0025-account-and-data.md): starts an export (`POST /api/users/me/export`),
 * asks `GET /api/users/me/export` every {@link EXPORT_POLL_MS} while it is pending, then offers the zip
 * (fetched with the session's bearer token: see `downloadExport`) until it expires; a failed one can be
 * retried; a second export within a day answers 429, whose message is shown.
 */
function ExportSection() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: exportKey,
    queryFn: ({ signal }) => fetchExport(signal),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? EXPORT_POLL_MS : false),
  });
  const start = useMutation({
    mutationFn: startExport,
    onSuccess: (started) => queryClient.setQueryData(exportKey, started),
  });
  const download = useMutation({
    mutationFn: () => downloadExport(`josie-export-${new Date().toISOString().slice(0, 10)}.zip`),
  });

  const data = current.data ?? null;
  const expired =
    data?.status === 'ready' && data.expiresAt !== null && Date.parse(data.expiresAt) <= Date.now();
  const startButton = (label: string) => (
    <div>
      <Button variant="outline" loading={start.isPending} onClick={() => start.mutate()}>
        {!start.isPending && <FileArchive className="size-4" aria-hidden="true" />}
        {label}
      </Button>
    </div>
  );

  let body: React.ReactNode;
  if (current.isPending) body = <Spinner label={t('account.data.loading')} />;
  else if (current.isError)
    body = (
      <div className="flex flex-col items-start gap-3">
        <FormError message={errorText(t, current.error, t('account.data.loadFailed'))} />
        <Button variant="outline" size="sm" onClick={() => void current.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  else if (data === null) body = startButton(t('account.data.export'));
  else if (data.status === 'pending')
    body = (
      <div className="flex items-center gap-3 text-sm text-zinc-700">
        <Spinner size="sm" decorative />
        <span>{t('account.data.pending')}</span>
      </div>
    );
  else if (data.status === 'failed')
    body = (
      <>
        <FormError message={t('account.data.failed')} />
        {startButton(t('account.data.retry'))}
      </>
    );
  else if (expired || !data.url)
    body = (
      <>
        <p className="text-sm text-zinc-700">{t('account.data.expired')}</p>
        {startButton(t('account.data.export'))}
      </>
    );
  else {
    body = (
      <>
        <p className="text-sm text-zinc-700">
          {t('account.data.ready', { date: formatDate(data.expiresAt, i18n.language) })}
        </p>
        <div>
          <Button loading={download.isPending} onClick={() => download.mutate()}>
            {!download.isPending && <Download className="size-4" aria-hidden="true" />}
            {t('account.data.download')}
          </Button>
        </div>
        <FormError
          message={download.isError ? errorText(t, download.error, t('account.data.downloadFailed')) : null}
        />
      </>
    );
  }

  const limited = start.error instanceof ApiError && start.error.code === ERROR_CODES.RATE_LIMITED;
  return (
    <Section title={t('account.data.exportTitle')} description={t('account.data.exportLead')}>
      <div aria-live="polite" className="flex flex-col gap-3">
        {body}
        <FormError
          message={
            start.isError
              ? limited
                ? t('account.data.rateLimited')
                : errorText(t, start.error, t('account.data.startFailed'))
              : null
          }
        />
      </div>
    </Section>
  );
}

/**
 * The deletion dialog (docs/decisions/0025-account-and-data.md, "Deleting one's account"): it says what is
 * deleted and what Josie keeps, then offers what the account can do. An account with a password is asked
 * for it (the field takes the focus; a wrong password, 400, stays in the dialog and never ends the session;
 * the last admin, 409, is told why); an account without one (made through Spotify or Google) is offered the
 * mailed confirmation link instead, as is an account whose stored user predates `hasPassword` when the server
 * answers `NO_PASSWORD`.
 */
function DeleteDialog({
  open,
  onOpenChange,
  email,
  hasPassword,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  email: string;
  /** `user.hasPassword`; undefined in a session stored by an older build (asked as a password account). */
  hasPassword: boolean | undefined;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [refusedPassword, setRefusedPassword] = useState(false);
  const byLink = hasPassword === false || refusedPassword;
  const form = useRef<HTMLFormElement>(null);
  const linkArea = useRef<HTMLDivElement>(null);
  const focusPassword = () => form.current?.querySelector<HTMLInputElement>('input[type=password]')?.focus();
  const descriptionId = useId();
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: leaveAfterDeletion,
    onError: (error) => {
      if (error instanceof ApiError && error.code === ERROR_CODES.WRONG_PASSWORD)
        setFieldError(t('account.security.wrongPassword'));
      if (error instanceof ApiError && error.code === ERROR_CODES.NO_PASSWORD) setRefusedPassword(true);
      else focusPassword();
    },
  });
  const link = useMutation({ mutationFn: requestDeleteLink });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setFieldError(t('account.security.enterPassword'));
      focusPassword();
      return;
    }
    setFieldError(undefined);
    remove.mutate({ password });
  };
  const code = remove.error instanceof ApiError ? remove.error.code : null;
  const formError =
    code === ERROR_CODES.LAST_ADMIN
      ? t('account.delete.lastAdmin')
      : remove.isError && code !== ERROR_CODES.WRONG_PASSWORD && code !== ERROR_CODES.NO_PASSWORD
        ? errorText(t, remove.error, t('account.delete.failed'))
        : null;
  const cancel = (
    <AlertDialog.Cancel asChild>
      <Button variant="outline" disabled={remove.isPending}>
        {t('common.cancel')}
      </Button>
    </AlertDialog.Cancel>
  );

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        if (!next) {
          setPassword('');
          setFieldError(undefined);
          remove.reset();
          link.reset();
        }
        onOpenChange(next);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/40 backdrop-blur-sm" />
        <AlertDialog.Content
          aria-describedby={descriptionId}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            if (byLink) linkArea.current?.querySelector('button')?.focus();
            else focusPassword();
          }}
          className="fixed inset-0 z-50 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[min(30rem,calc(100vw-2rem))] overflow-y-auto rounded-3xl bg-white p-6 shadow-2xl"
        >
          <AlertDialog.Title className="text-lg font-semibold text-zinc-900">
            {t('account.delete.dialogTitle')}
          </AlertDialog.Title>
          <AlertDialog.Description id={descriptionId} className="mt-2 text-sm text-zinc-600">
            {t('account.delete.dialogLead')}
          </AlertDialog.Description>
          {byLink ? (
            <div ref={linkArea} className="mt-5 flex flex-col gap-4">
              <div className="flex flex-col gap-2 rounded-2xl bg-zinc-50 p-4 text-sm text-zinc-700">
                <p>{t('account.delete.noPassword')}</p>
                <div>
                  <Button
                    variant="danger"
                    size="sm"
                    loading={link.isPending}
                    onClick={() => link.mutate()}
                    disabled={link.isSuccess}
                  >
                    {!link.isPending && <Mail className="size-4" aria-hidden="true" />}
                    {t('account.delete.emailLink')}
                  </Button>
                </div>
                <p role="status" aria-live="polite" className="font-medium text-emerald-800 empty:hidden">
                  {link.isSuccess ? t('account.delete.linkSent', { email }) : ''}
                </p>
                <FormError
                  message={link.isError ? errorText(t, link.error, t('account.delete.linkFailed')) : null}
                />
              </div>
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{cancel}</div>
            </div>
          ) : (
            <form ref={form} onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
              <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
              <p className="text-sm text-zinc-700">{t('account.delete.passwordLead')}</p>
              <Field label={t('account.delete.password')} error={fieldError}>
                {(p) => (
                  <Input
                    {...p}
                    type="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                  />
                )}
              </Field>
              <FormError message={formError} />
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                {cancel}
                <Button type="submit" variant="danger" loading={remove.isPending}>
                  {t('account.delete.confirm')}
                </Button>
              </div>
            </form>
          )}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * The "Your data" tab (docs/decisions/0025-account-and-data.md): the export, and the danger zone that
 * deletes the account.
 */
export function DataTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col gap-5">
      <ExportSection />
      <Section
        title={t('account.delete.title')}
        description={t('account.delete.lead')}
        className="ring-red-200"
      >
        <div>
          <Button variant="danger" onClick={() => setOpen(true)}>
            <Trash2 className="size-4" aria-hidden="true" />
            {t('account.delete.open')}
          </Button>
        </div>
        <DeleteDialog open={open} onOpenChange={setOpen} email={user.email} hasPassword={user.hasPassword} />
      </Section>
    </div>
  );
}
