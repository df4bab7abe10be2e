import { AiGenerateResponse, AiProvidersResponse } from '@josie/contract';
import { useQuery } from '@tanstack/react-query';
import { Sparkles, Wand2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { useMutation } from '../../../lib/useMutation';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { FormError } from '../../../ui/FormError';
import { Textarea } from '../../../ui/Input';
import { Spinner } from '../../../ui/Spinner';
import type { DraftImage } from '../editor/draft';
import { isNotConfigured, toastIfSessionEnded, UnavailableNote } from './searchShared';

/** The AI templates of this tab (docs/product/routes-and-roles.md#api). */
export const PROMPT_TEMPLATE = 'image-prompt-from-josie';
export const IMAGE_TEMPLATE = 'image-from-text';

export interface ImageAiTabProps {
  onAdd(image: DraftImage): void;
  /** The josie's title and text so far, for writing a prompt from them. */
  josie: { title: string; text: string };
}

/**
 * The ai tab of the image dialog (docs/product/routes-and-roles.md#media-dialogs,
 * docs/product/rules-and-limits.md#ai, docs/product/messages.md#media;
 * docs/product/differences.md#image-search-and-ai-images). Available only when `GET
 * /api/ai/providers?type=image` names an available provider; otherwise (or on any error) it says AI image
 * generation is not available here. A prompt is required; 'Write a prompt from the josie text' needs some
 * text (image-prompt-from-josie); 'Generate image' calls image-from-text and previews the stored result
 * before it is used.
 */
export function ImageAiTab({ onAdd, josie }: ImageAiTabProps) {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState('');
  const [promptError, setPromptError] = useState<string | undefined>();
  const providers = useQuery({
    queryKey: ['ai', 'providers', 'image'],
    queryFn: ({ signal }) =>
      request('aiProviders', { query: { type: 'image' } }, { schema: AiProvidersResponse, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const writePrompt = useMutation({
    mutationFn: () =>
      request(
        'aiGenerate',
        {
          body: {
            type: 'text',
            templateId: PROMPT_TEMPLATE,
            variables: { title: josie.title, text: josie.text },
          },
        },
        { schema: AiGenerateResponse },
      ),
    onSuccess: (answer) => {
      setPrompt(answer.data.result.trim());
      setPromptError(undefined);
    },
    onError: (error) => toastIfSessionEnded(error, t),
  });
  const generate = useMutation({
    mutationFn: (text: string) =>
      request(
        'aiGenerate',
        { body: { type: 'image', templateId: IMAGE_TEMPLATE, variables: { prompt: text } } },
        { schema: AiGenerateResponse },
      ),
    onError: (error) => toastIfSessionEnded(error, t),
  });

  if (providers.isPending) {
    return (
      <p className="flex items-center gap-2 py-4 text-sm text-zinc-700">
        <Spinner size="sm" decorative />
        {t('integrations.imageAi.checking')}
      </p>
    );
  }
  const available = providers.data?.data.some((p) => p.available) ?? false;
  if (!available || (generate.isError && isNotConfigured(generate.error))) {
    return <UnavailableNote>{t('integrations.imageAi.notAvailable')}</UnavailableNote>;
  }

  const fromText = () => {
    if (!josie.text.trim()) {
      setPromptError(t('integrations.imageAi.noText'));
      return;
    }
    writePrompt.mutate();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!prompt.trim()) {
      setPromptError(t('integrations.imageAi.promptRequired'));
      return;
    }
    setPromptError(undefined);
    generate.mutate(prompt.trim());
  };
  const result = generate.data?.data.result;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field
        label={t('integrations.imageAi.prompt')}
        hint={t('integrations.imageAi.hint')}
        error={promptError}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={prompt}
            onChange={(event) => {
              setPrompt(event.target.value);
              if (promptError) setPromptError(undefined);
            }}
          />
        )}
      </Field>
      {writePrompt.isError && <FormError message={t('integrations.imageAi.promptGenerationError')} />}
      {generate.isError && <FormError message={t('integrations.imageAi.generationError')} />}
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          variant="outline"
          loading={writePrompt.isPending}
          disabled={generate.isPending}
          onClick={fromText}
        >
          {!writePrompt.isPending && <Wand2 className="size-4 text-brand-700" aria-hidden="true" />}
          {t('integrations.imageAi.fromText')}
        </Button>
        <Button type="submit" loading={generate.isPending}>
          {!generate.isPending && <Sparkles className="size-4" aria-hidden="true" />}
          {t('integrations.imageAi.generate')}
        </Button>
      </div>
      {generate.isPending && (
        <p role="status" className="text-sm text-zinc-700">
          {t('integrations.imageAi.generating')}
        </p>
      )}
      {result && !generate.isPending && (
        <div className="flex flex-col gap-3">
          <img
            src={result}
            alt={t('integrations.imageAi.previewAlt')}
            className="max-h-64 w-full rounded-2xl bg-zinc-100 object-contain"
          />
          <Button className="self-end" onClick={() => onAdd({ source: 'url', url: result })}>
            {t('integrations.imageAi.use')}
          </Button>
        </div>
      )}
    </form>
  );
}
