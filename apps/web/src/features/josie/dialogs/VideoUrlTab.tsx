import { parseVideoUrl, type VideoContent, type VideoUrlError } from '@josie/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { Input } from '../../../ui/Input';
import { fetchAudioDetails, videoContentFromRef } from './audioDetails';

/** How long to wait for the video's title before adding it without one. */
const DETAILS_TIMEOUT_MS = 5000;

/**
 * The paste-a-link tab of the video dialog (spec 001 §5 Video URL): required (video.add.urlRequired), a
 * YouTube link (video.add.unsupportedUrl), a playlist id tried first, then an 11-character video id
 * (video.add.invalidVideoUrl). A valid link is added with its title and channel when the server can
 * look them up, else as it is.
 */
export function VideoUrlTab({ onAdd }: { onAdd(video: VideoContent): void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<VideoUrlError | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseVideoUrl(url);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(null);
    setBusy(true);
    // The title is a nicety: a slow or failing lookup must not stop the video being added.
    const details = await fetchAudioDetails(parsed.video.url, AbortSignal.timeout(DETAILS_TIMEOUT_MS)).catch(
      (lookupError: unknown) => {
        console.warn('Video details could not be loaded', lookupError);
        return null;
      },
    );
    setBusy(false);
    onAdd(videoContentFromRef(parsed.video, details));
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field
        label={t('video.add.urlLabel')}
        hint={t('video.add.urlHint')}
        error={error ? t(error) : undefined}
      >
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://www.youtube.com/watch?v=…"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" className="self-end" loading={busy}>
        {t('video.add.submit')}
      </Button>
    </form>
  );
}
