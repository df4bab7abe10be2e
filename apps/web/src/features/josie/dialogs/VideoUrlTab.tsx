import { parseVideoUrl, type VideoContent, type VideoRef, type VideoUrlError } from '@josie/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAudioDetails, videoContentFromRef } from './audioDetails';
import { UrlTab } from './UrlTab';

/** How long to wait for the video's title before adding it without one. */
const DETAILS_TIMEOUT_MS = 5000;

/**
 * The paste-a-link tab of the video dialog (docs/product/rules-and-limits.md#video-links): required
 * (video.add.urlRequired), a YouTube link (video.add.unsupportedUrl), a playlist id tried first, then an
 * 11-character video id (video.add.invalidVideoUrl). A valid link is added with its title and channel when
 * the server can look them up, else as it is.
 */
export function VideoUrlTab({ onAdd }: { onAdd(video: VideoContent): void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<VideoUrlError | null>(null);

  const submit = (url: string) => {
    const parsed = parseVideoUrl(url);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(null);
    return add(parsed.video);
  };

  const add = async (video: VideoRef) => {
    // The title is a nicety: a slow or failing lookup must not stop the video being added.
    const details = await fetchAudioDetails(video.url, AbortSignal.timeout(DETAILS_TIMEOUT_MS)).catch(
      (lookupError: unknown) => {
        console.warn('Video details could not be loaded', lookupError);
        return null;
      },
    );
    onAdd(videoContentFromRef(video, details));
  };

  return (
    <UrlTab
      label={t('video.add.urlLabel')}
      hint={t('video.add.urlHint')}
      submitLabel={t('video.add.submit')}
      placeholder="https://www.youtube.com/watch?v=…"
      error={error ? t(error) : undefined}
      onSubmit={submit}
    />
  );
}
