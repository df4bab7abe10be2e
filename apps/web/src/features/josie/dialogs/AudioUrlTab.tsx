import { type AudioItemContent, type AudioRef, parseAudioUrl } from '@josie/contract';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { errorText } from '../../../api/errorText';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toast';
import { audioItemFromDetails, audioItemFromRef, fetchAudioDetails } from './audioDetails';
import { UrlTab } from './UrlTab';

type Problem =
  /** The link is refused: nothing can be added. */
  | { kind: 'invalid'; message: string }
  /** The lookup failed but the link itself is fine: it may be added without its details. */
  | { kind: 'lookupFailed'; ref: AudioRef };

/**
 * The paste-a-link tab of the audio dialog (docs/product/routes-and-roles.md#media-dialogs,
 * docs/product/rules-and-limits.md#audio-links, docs/product/messages.md#josies). The link must be a Spotify
 * track, album or playlist or a YouTube video or playlist (josie.invalidAudioUrl); `GET
 * /api/audio/url-details` then fills in the name, artist and cover. Its errors: 400 shows the server's
 * message (else josie.invalidAudioUrl), 401 (the session ended) josie.authError, anything else
 * josie.audioUrlError, with 'Add anyway' to keep the link without its details.
 */
export function AudioUrlTab({ onAdd }: { onAdd(item: AudioItemContent): void }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<Problem | null>(null);

  const submit = (url: string) => {
    const ref = parseAudioUrl(url);
    if (!ref) {
      setProblem({ kind: 'invalid', message: t('josie.invalidAudioUrl') });
      return;
    }
    setProblem(null);
    return lookUp(url.trim(), ref);
  };

  const lookUp = async (url: string, ref: AudioRef) => {
    try {
      const details = await fetchAudioDetails(url);
      onAdd(audioItemFromDetails(ref, details));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setProblem({ kind: 'invalid', message: errorText(t, error, t('josie.invalidAudioUrl')) });
      } else if (error instanceof ApiError && error.status === 401) {
        // The session has ended (the client signs out and the guard sends the user to log in): a toast
        // outlives this dialog.
        toast.error(t('josie.authError'));
        setProblem({ kind: 'invalid', message: t('josie.authError') });
      } else {
        console.warn('Audio details could not be loaded', error);
        setProblem({ kind: 'lookupFailed', ref });
      }
    }
  };

  return (
    <UrlTab
      label={t('audio.url.label')}
      hint={t('audio.url.hint')}
      submitLabel={t('audio.url.submit')}
      placeholder="https://open.spotify.com/track/…"
      error={problem?.kind === 'invalid' ? problem.message : undefined}
      onEdit={() => {
        if (problem?.kind === 'lookupFailed') setProblem(null);
      }}
      onSubmit={submit}
    >
      {problem?.kind === 'lookupFailed' && (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset"
        >
          <p className="flex gap-2">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('josie.audioUrlError')}
          </p>
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => onAdd(audioItemFromRef(problem.ref))}
          >
            {t('audio.url.addAnyway')}
          </Button>
        </div>
      )}
    </UrlTab>
  );
}
