import { TEXT_MAX_LENGTH, TITLE_MAX_LENGTH } from '@josie/contract';
import { ImagePlus, Music, Sparkles, Trash2, Video } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { IconButton } from '../../../ui/IconButton';
import { Input, Textarea } from '../../../ui/Input';
import { useAudioItemLabel } from '../components/AudioCard';
import { type DraftAction, hasBlock, type JosieDraft, MEDIA_KINDS, type MediaKind } from './draft';
import type { TitleSuggestion } from './useTitleSuggestion';

/** The `name` of the title input, focused when the title is refused. */
export const TITLE_INPUT_NAME = 'title';

/** Moves focus to the title input (after a refused title). */
export function focusTitleInput(): void {
  document.querySelector<HTMLInputElement>(`input[name="${TITLE_INPUT_NAME}"]`)?.focus();
}

/** Per media kind: its icon and the keys of its add and remove texts under `josie.editor`. */
export const MEDIA_META = {
  image: { icon: ImagePlus, add: 'addImage', remove: 'removeImage' },
  video: { icon: Video, add: 'addVideo', remove: 'removeVideo' },
  audioItem: { icon: Music, add: 'addAudio', remove: 'removeAudio' },
} as const satisfies Record<MediaKind, unknown>;

/**
 * The title field with the generate-title button (docs/product/routes-and-roles.md#authoring). Until AI is
 * configured the button is disabled and says why in its description.
 */
export function TitleField({
  draft,
  dispatch,
  error,
  suggestion,
}: {
  draft: JosieDraft;
  dispatch(action: DraftAction): void;
  error?: string | undefined;
  suggestion: TitleSuggestion;
}) {
  const { t } = useTranslation();
  const explanationId = useId();
  const unavailable = !suggestion.available;
  return (
    <div className="flex flex-col gap-2">
      <Field label={t('josie.editor.titleLabel')} error={error}>
        {(control) => (
          <Input
            {...control}
            name={TITLE_INPUT_NAME}
            value={draft.title}
            maxLength={TITLE_MAX_LENGTH}
            placeholder={t('josie.editor.titlePlaceholder')}
            onChange={(event) => dispatch({ type: 'setTitle', title: event.target.value })}
            className="text-lg font-semibold"
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          variant="outline"
          size="sm"
          loading={suggestion.pending}
          disabled={unavailable}
          aria-describedby={unavailable && !suggestion.checking ? explanationId : undefined}
          onClick={() => suggestion.suggest(draft.text)}
        >
          {!suggestion.pending && <Sparkles className="size-4 text-brand-700" aria-hidden="true" />}
          {t('josie.editor.generateTitle')}
        </Button>
        {unavailable && !suggestion.checking && (
          <p id={explanationId} className="text-xs text-zinc-600">
            {t('josie.editor.aiUnavailable')}
          </p>
        )}
      </div>
    </div>
  );
}

/** The content textarea: the josie's one text paragraph (docs/product/routes-and-roles.md#authoring). */
export function TextField({
  draft,
  dispatch,
  rows = 8,
}: {
  draft: JosieDraft;
  dispatch(action: DraftAction): void;
  rows?: number;
}) {
  const { t } = useTranslation();
  return (
    <Field label={t('josie.editor.textLabel')} hint={t('josie.editor.textHint')}>
      {(control) => (
        <Textarea
          {...control}
          rows={rows}
          value={draft.text}
          maxLength={TEXT_MAX_LENGTH}
          placeholder={t('josie.editor.textPlaceholder')}
          onChange={(event) => dispatch({ type: 'setText', text: event.target.value })}
        />
      )}
    </Field>
  );
}

/** The add-image, add-video and add-audio buttons; each vanishes while its kind exists (docs/product/routes-and-roles.md#authoring). */
export function AddMediaButtons({
  draft,
  onAdd,
  className,
}: {
  draft: JosieDraft;
  onAdd(kind: MediaKind): void;
  className?: string;
}) {
  const { t } = useTranslation();
  const missing = MEDIA_KINDS.filter((kind) => !hasBlock(draft, kind));
  if (missing.length === 0) return null;
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      {missing.map((kind) => {
        const { icon: Icon, add } = MEDIA_META[kind];
        return (
          <Button key={kind} variant="outline" size="sm" onClick={() => onAdd(kind)}>
            <Icon className="size-4 text-brand-700" aria-hidden="true" />
            {t(`josie.editor.${add}`)}
          </Button>
        );
      })}
    </div>
  );
}

/** A medium's thumbnail, or its icon when there is none or it fails to load. */
function Thumb({ src, children }: { src: string | null | undefined; children: ReactNode }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && src !== failed) {
    return (
      <img
        src={src}
        alt=""
        onError={() => setFailed(src)}
        className="size-14 shrink-0 rounded-xl bg-zinc-100 object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700"
    >
      {children}
    </span>
  );
}

function AudioSummaryText({ draft }: { draft: JosieDraft }) {
  const { t } = useTranslation();
  const audio = draft.audio;
  const label = useAudioItemLabel(
    audio ?? { name: '', url: '', provider: 'spotify', type: 'track', image: null },
  );
  if (!audio) return null;
  return (
    <>
      <span dir="auto" className="truncate font-medium text-zinc-900">
        {label}
      </span>
      <span className="truncate text-xs text-zinc-600">
        {audio.artist ? (
          <>
            <bdi>{audio.artist}</bdi> ·{' '}
          </>
        ) : null}
        {t(`josie.audio.provider.${audio.provider}`)}
      </span>
    </>
  );
}

/** A one-line summary of a medium in the draft: thumbnail, what it is and where it comes from. */
export function MediaSummary({
  draft,
  kind,
  imagePreview,
}: {
  draft: JosieDraft;
  kind: MediaKind;
  imagePreview: string | null;
}) {
  const { t } = useTranslation();
  const { icon: Icon } = MEDIA_META[kind];
  let thumb: string | null = null;
  let text: ReactNode = null;
  if (kind === 'image' && draft.image) {
    thumb = draft.image.source === 'upload' ? imagePreview : draft.image.url;
    text = (
      <>
        <span className="font-medium text-zinc-900">{t('josie.editor.imageLabel')}</span>
        <span dir="auto" className="truncate text-xs text-zinc-600">
          {draft.image.source === 'upload' ? draft.image.file.name : t('josie.editor.imageStored')}
        </span>
      </>
    );
  } else if (kind === 'video' && draft.video) {
    thumb = draft.video.thumbnailUrl;
    text = (
      <>
        <span dir="auto" className="truncate font-medium text-zinc-900">
          {draft.video.title || t('josie.editor.videoLabel')}
        </span>
        <span dir="ltr" className="truncate text-start text-xs text-zinc-600">
          {draft.video.url}
        </span>
      </>
    );
  } else if (kind === 'audioItem' && draft.audio) {
    thumb = draft.audio.image;
    text = <AudioSummaryText draft={draft} />;
  }
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      <Thumb src={thumb}>
        <Icon className="size-6" />
      </Thumb>
      <div className="flex min-w-0 flex-col">{text}</div>
    </div>
  );
}

/** The remove button of a medium: "Remove image" / "Remove video" / "Remove audio". */
export function RemoveMediaButton({ kind, onRemove }: { kind: MediaKind; onRemove(kind: MediaKind): void }) {
  const { t } = useTranslation();
  return (
    <IconButton label={t(`josie.editor.${MEDIA_META[kind].remove}`)} onClick={() => onRemove(kind)}>
      <Trash2 className="size-5 text-red-700" aria-hidden="true" />
    </IconButton>
  );
}

/** An error the server gave for one medium, under its summary. */
export function MediaError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="text-sm font-medium text-red-700" dir="auto">
      {message}
    </p>
  );
}
