import { zodResolver } from '@hookform/resolvers/zod';
import {
  AdminTemplate,
  AdminTemplateFields,
  type AdminTemplatesResponse,
  AI_TEMPLATE_SEED_NAMES,
  type AiTemplateKey,
  ERROR_CODES,
  templateVariables,
} from '@josie/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { Braces, FileCode2, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/errorText';
import { request } from '../../api/request';
import { cn } from '../../lib/cn';
import { applyServerIssues, fieldErrorText } from '../../lib/forms';
import { useMutation } from '../../lib/useMutation';
import { useSubmitOnce } from '../../lib/useSubmitOnce';
import { Button, focusRing } from '../../ui/Button';
import { type ConflictChoice, ConflictDialog } from '../../ui/ConflictDialog';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorBox } from '../../ui/ErrorBox';
import { Field } from '../../ui/Field';
import { Input, Textarea } from '../../ui/Input';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { sortByLabel } from '../preferences';
import { Card, Skeleton } from './AdminPage';
import { adminKeys, fetchTemplates } from './queries';

/** Longest name and content the server accepts (the contract's `AdminTemplateFields`). */
const NAME_MAX = 100;
const CONTENT_MAX = 10_000;

/**
 * A template's name in the admin's language: a seeded template still under its seed name
 * (`AI_TEMPLATE_SEED_NAMES`, English in the database) by its translation, a name an admin wrote as written.
 */
export function templateName(t: TFunction, template: Pick<AdminTemplate, 'key' | 'name'>): string {
  const key = template.key as AiTemplateKey;
  return Object.hasOwn(AI_TEMPLATE_SEED_NAMES, key) && AI_TEMPLATE_SEED_NAMES[key] === template.name
    ? t(`admin.templates.seedNames.${key}`)
    : template.name;
}

/** The `{{variables}}` of a template as code chips, or a note that it uses none. */
export function VariableList({ variables, id }: { variables: readonly string[]; id?: string }) {
  const { t } = useTranslation();
  if (variables.length === 0) {
    return (
      <p id={id} className="text-sm text-zinc-600">
        {t('admin.templates.noVariables')}
      </p>
    );
  }
  return (
    <ul id={id} className="flex flex-wrap gap-2" aria-label={t('admin.templates.variables')}>
      {variables.map((name) => (
        <li key={name}>
          <code
            dir="ltr"
            className="inline-flex rounded-lg bg-violet-50 px-2 py-1 font-mono text-xs font-semibold text-violet-800 ring-1 ring-violet-200 ring-inset"
          >
            {`{{${name}}}`}
          </code>
        </li>
      ))}
    </ul>
  );
}

/**
 * The edit form of one template: name and content, the variables the content uses (recomputed as it is
 * typed, with the contract's `templateVariables`), and `PUT /api/admin/templates/{id}` on save, with the
 * version the form started from. When someone saved the template since (409 `STALE_VERSION`), a dialog
 * offers to reload it, discarding the form's changes, or to overwrite it with them, saved over the version
 * read again; the changes stay until one is chosen (docs/decisions/0041-edits-carry-their-version.md).
 */
function TemplateForm({ template }: { template: AdminTemplate }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const variablesId = useId();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    getValues,
    formState: { errors, isDirty, isSubmitting },
  } = useForm({
    resolver: zodResolver(AdminTemplateFields),
    defaultValues: { name: template.name, content: template.content },
  });
  // The version the form's values started from: the list may be refetched meanwhile (window focus), and
  // a save must still name what its editor saw.
  const [baseVersion, setBaseVersion] = useState(template.version);
  const [conflict, setConflict] = useState<ApiError | null>(null);
  const [resolving, setResolving] = useState<ConflictChoice | null>(null);
  const content = useWatch({ control, name: 'content' }) ?? '';
  const variables = templateVariables(content);

  // Opening a template moves focus (and, on phones, the view) to its form.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const save = useMutation({
    mutationFn: (body: AdminTemplateFields & { baseVersion: number }) =>
      request('adminUpdateTemplate', { params: { id: template._id }, body }, { schema: AdminTemplate }),
  });

  /** The template as saved now, read again. */
  const readSaved = async (): Promise<AdminTemplate> => {
    const list = await queryClient.fetchQuery({
      queryKey: adminKeys.templates,
      queryFn: fetchTemplates,
      staleTime: 0,
    });
    const saved = list.templates.find((item) => item._id === template._id);
    if (!saved) throw new ApiError(404, ERROR_CODES.NOT_FOUND, 'Template not found');
    return saved;
  };

  /** Saves `fields` over version `version`; a refusal because of a newer version opens the dialog. */
  const send = async (fields: AdminTemplateFields, version: number) => {
    try {
      const saved = await save.mutateAsync({ ...fields, baseVersion: version });
      queryClient.setQueryData<AdminTemplatesResponse>(adminKeys.templates, (old) =>
        old ? { templates: old.templates.map((item) => (item._id === saved._id ? saved : item)) } : old,
      );
      reset({ name: saved.name, content: saved.content });
      setBaseVersion(saved.version);
      setConflict(null);
      toast.success(t('admin.templates.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.code === ERROR_CODES.STALE_VERSION) {
        setConflict(error);
        return;
      }
      setConflict(null);
      console.warn('Template not saved', error);
      applyServerIssues(error, setError, ['name', 'content']);
      toast.error(t('admin.templates.updateError'));
    }
  };

  const onSubmit = useSubmitOnce(handleSubmit((fields) => send(fields, baseVersion)));

  const resolveConflict = async (choice: ConflictChoice) => {
    setResolving(choice);
    try {
      const saved = await readSaved();
      if (choice === 'overwrite') {
        await send(getValues(), saved.version);
        return;
      }
      reset({ name: saved.name, content: saved.content });
      setBaseVersion(saved.version);
      setConflict(null);
      toast.success(t('admin.templates.conflict.reloaded'));
    } catch (error) {
      console.warn('Template not loaded again', error);
      toast.error(errorText(t, error, t('admin.templates.loadError')));
    } finally {
      setResolving(null);
    }
  };

  const tooLong = (count: number) => ({ too_big: t('admin.templates.tooLong', { count }) });
  return (
    <>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <div className="flex flex-col gap-1">
          <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-zinc-950 outline-none">
            {t('admin.templates.editTitle', { name: templateName(t, template) })}
          </h3>
          <p className="font-mono text-xs text-zinc-600">
            <bdi>{template.key}</bdi>
          </p>
        </div>
        <Field
          label={t('admin.templates.name')}
          error={fieldErrorText(errors.name, tooLong(NAME_MAX), t('admin.templates.nameRequired'))}
        >
          {(p) => <Input {...p} maxLength={NAME_MAX} {...register('name')} />}
        </Field>
        <Field
          label={t('admin.templates.content')}
          hint={
            <Trans
              i18nKey="admin.templates.variablesHint"
              values={{ example: '{{text}}' }}
              components={{ code: <code dir="ltr" className="font-mono" /> }}
            />
          }
          error={fieldErrorText(errors.content, tooLong(CONTENT_MAX), t('admin.templates.contentRequired'))}
        >
          {(p) => (
            <Textarea
              {...p}
              aria-describedby={[p['aria-describedby'], variablesId].filter(Boolean).join(' ')}
              rows={10}
              maxLength={CONTENT_MAX}
              className="font-mono text-sm"
              {...register('content')}
            />
          )}
        </Field>
        <div className="flex flex-col gap-2 rounded-2xl bg-zinc-50 p-4 ring-1 ring-zinc-100">
          <p className="flex items-center gap-2 text-sm font-semibold text-zinc-800">
            <Braces className="size-4 text-violet-700" aria-hidden="true" />
            {t('admin.templates.variables')}
          </p>
          <VariableList variables={variables} id={variablesId} />
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            {t('admin.templates.save')}
          </Button>
          {isDirty && (
            <Button
              variant="ghost"
              disabled={isSubmitting}
              onClick={() => {
                reset({ name: template.name, content: template.content });
                setBaseVersion(template.version);
              }}
            >
              {t('admin.templates.reset')}
            </Button>
          )}
        </div>
      </form>
      <ConflictDialog
        conflict={conflict}
        texts={t('admin.templates.conflict', { returnObjects: true })}
        onDismiss={() => setConflict(null)}
        onChoose={(choice) => void resolveConflict(choice)}
        pending={resolving}
      />
    </>
  );
}

/**
 * The "AI templates" tab (docs/product/routes-and-roles.md#admin): the templates by name (seeded ones by their
 * names in the admin's language, {@link templateName}); selecting one opens
 * its edit form. Loads on first opening. Failures: 'Failed to load AI templates. Please try again later' and
 * 'Failed to update template. Please try again later' (docs/product/messages.md#admin).
 */
export function TemplatesTab() {
  const { t, i18n } = useTranslation();
  const listId = useId();
  const templates = useQuery({ queryKey: adminKeys.templates, queryFn: fetchTemplates });
  const [selectedId, setSelectedId] = useState<string | null>(null);

  if (templates.isPending) {
    return (
      <div className="grid gap-5 md:grid-cols-[17rem_1fr]">
        <Spinner className="sr-only" />
        <Card as="div" className="flex flex-col gap-3">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </Card>
        <Skeleton className="h-64 w-full rounded-3xl" />
      </div>
    );
  }
  if (templates.isError) {
    return <ErrorBox message={t('admin.templates.loadError')} onRetry={() => void templates.refetch()} />;
  }
  // By the names shown, in the admin's language's order.
  const list = sortByLabel(templates.data.templates, (item) => templateName(t, item), i18n.resolvedLanguage);
  if (list.length === 0) {
    return (
      <EmptyState
        icon={<FileCode2 className="size-6" aria-hidden="true" />}
        title={t('admin.templates.empty')}
      />
    );
  }
  const selected = list.find((template) => template._id === selectedId) ?? null;

  return (
    <div className="grid items-start gap-5 md:grid-cols-[17rem_1fr]">
      <Card as="div" padding="small">
        <h3 id={listId} className="px-3 pt-2 pb-1 text-sm font-semibold text-zinc-600">
          {t('admin.templates.list')}
        </h3>
        <ul aria-labelledby={listId} className="flex flex-col gap-1">
          {list.map((template) => {
            const active = template._id === selectedId;
            return (
              <li key={template._id}>
                <button
                  type="button"
                  aria-current={active ? 'true' : undefined}
                  onClick={() => setSelectedId(template._id)}
                  className={cn(
                    'flex w-full flex-col items-start gap-0.5 rounded-2xl px-3 py-2.5 text-start transition-colors',
                    active ? 'bg-brand-50 ring-1 ring-brand-200 ring-inset' : 'hover:bg-zinc-50',
                    focusRing,
                  )}
                >
                  <span
                    className={cn('font-semibold', active ? 'text-brand-800' : 'text-zinc-950')}
                    dir="auto"
                  >
                    {templateName(t, template)}
                  </span>
                  <span className="text-xs text-zinc-600">
                    {t('admin.templates.variableCount', { count: template.variables.length })}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </Card>
      <Card as="div">
        {selected ? (
          <TemplateForm key={selected._id} template={selected} />
        ) : (
          <div className="flex flex-col items-center gap-3 py-10 text-center">
            <span className="rounded-full bg-brand-50 p-3 text-brand-700">
              <Sparkles className="size-6" aria-hidden="true" />
            </span>
            <p className="text-zinc-700">{t('admin.templates.choose')}</p>
          </div>
        )}
      </Card>
    </div>
  );
}
