import { ImageUrlResponse } from '@josie/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { request } from '../../../api/request';
import { useMutation } from '../../../lib/useMutation';
import type { DraftImage } from '../editor/draft';
import { toastIfSessionEnded } from './searchShared';
import { UrlTab } from './UrlTab';

/** The checks the browser makes before asking the server to import (docs/product/rules-and-limits.md#image-links, rules 1-5). */
export type ImageUrlProblem = 'required' | 'invalid' | 'https' | 'domain' | 'file';

/**
 * The first failing client check of an image link, in the spec's order, or null when it may be sent:
 * non-empty, parses as a URL, https, a host of at least two dot-separated labels, a path other than `/`.
 * The server checks the rest (loads within 10 s, is an image, at most 5 MB) while importing.
 */
export function imageUrlProblem(value: string): ImageUrlProblem | null {
  const trimmed = value.trim();
  if (!trimmed) return 'required';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:') return 'https';
  const labels = url.hostname.split('.');
  if (labels.length < 2 || labels.some((label) => label === '')) return 'domain';
  if (url.pathname === '/' || url.pathname === '') return 'file';
  return null;
}

/**
 * The url tab of the image dialog (docs/product/routes-and-roles.md#media-dialogs,
 * docs/product/rules-and-limits.md#image-links): the link is checked here, then imported by the server (`POST
 * /api/images/upload-url`), never hot-linked; the server's refusal ('Image loading timed out...', 'The URL
 * does not contain a valid image', 'Image is too large (maximum size is 5MB)', a refused address) is shown
 * under the field.
 */
export function ImageUrlTab({ onAdd }: { onAdd(image: DraftImage): void }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | undefined>();
  const importImage = useMutation({
    mutationFn: (link: string) =>
      request('imageUploadUrl', { body: { url: link } }, { schema: ImageUrlResponse }),
    onSuccess: (answer) => onAdd({ source: 'url', url: answer.url }),
    onError: (error) => {
      toastIfSessionEnded(error, t);
      setProblem(errorText(t, error, t('integrations.imageUrl.importError')));
    },
  });

  const submit = (url: string) => {
    const found = imageUrlProblem(url);
    if (found) {
      setProblem(t(`integrations.imageUrl.${found}`));
      return;
    }
    setProblem(undefined);
    importImage.mutate(url.trim());
  };

  return (
    <UrlTab
      label={t('integrations.imageUrl.label')}
      hint={t('integrations.imageUrl.hint')}
      submitLabel={t('integrations.imageUrl.submit')}
      placeholder="https://example.com/cover.jpg"
      dir="ltr"
      error={problem}
      busy={importImage.isPending}
      onSubmit={submit}
    />
  );
}
