import { AiGenerateResponse, AiProvidersResponse, TITLE_MAX_LENGTH } from '@josie/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { useMutation } from '../../../lib/useMutation';
import { toast } from '../../../ui/toast';

/** The AI template that writes a title from the josie's text (docs/product/routes-and-roles.md#api: enticing-title). */
export const TITLE_TEMPLATE = 'enticing-title';

/** What {@link useTitleSuggestion} answers. */
export interface TitleSuggestion {
  /** Whether a text AI provider is configured; false while unknown and after any error. */
  available: boolean;
  /** Still asking the server whether AI is configured. */
  checking: boolean;
  pending: boolean;
  /** Asks for a title from `text`; refuses an empty text with josie.textRequired. */
  suggest(text: string): void;
}

/** Cleans a model's answer into a title: one line, no wrapping quotes, within the title limit. */
export function cleanTitle(answer: string): string {
  const line = answer.trim().split('\n')[0] ?? '';
  return line
    .replace(/^title:\s*/i, '')
    .replace(/^["'“”«»]+|["'“”«»]+$/g, '')
    .trim()
    .slice(0, TITLE_MAX_LENGTH);
}

/**
 * The generate-title button's logic (docs/product/routes-and-roles.md#authoring,
 * docs/product/rules-and-limits.md#josies, docs/product/messages.md#josies). It is available only when `GET
 * /api/ai/providers?type=text` names an available provider (any error counts as not configured); generating
 * needs some text (josie.textRequired), calls `POST /api/ai/generate` with the enticing-title template, and a
 * failure shows josie.titleGenerationError.
 *
 * @param onTitle receives the suggested title.
 */
export function useTitleSuggestion(onTitle: (title: string) => void): TitleSuggestion {
  const { t } = useTranslation();
  const providers = useQuery({
    queryKey: ['ai', 'providers', 'text'],
    queryFn: ({ signal }) =>
      request('aiProviders', { query: { type: 'text' } }, { schema: AiProvidersResponse, signal }),
    staleTime: 5 * 60 * 1000,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const generation = useMutation({
    mutationFn: async (text: string) => {
      const answer = await request(
        'aiGenerate',
        { body: { type: 'text', templateId: TITLE_TEMPLATE, variables: { text } } },
        { schema: AiGenerateResponse },
      );
      return cleanTitle(answer.data.result);
    },
    onSuccess: (title) => {
      if (title) onTitle(title);
      else toast.error(t('josie.titleGenerationError'));
    },
    onError: () => toast.error(t('josie.titleGenerationError')),
  });
  return {
    available: providers.data?.data.some((provider) => provider.available) ?? false,
    checking: providers.isPending,
    pending: generation.isPending,
    suggest: (text) => {
      if (!text.trim()) {
        toast.error(t('josie.textRequired'));
        return;
      }
      generation.mutate(text);
    },
  };
}
