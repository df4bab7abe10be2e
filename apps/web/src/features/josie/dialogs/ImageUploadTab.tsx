import { ImagePlus } from 'lucide-react';
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { Button } from '../../../ui/Button';
import { FormError } from '../../../ui/FormError';
import { Spinner } from '../../../ui/Spinner';
import type { DraftImage } from '../editor/draft';
import { useObjectUrl } from '../editor/useObjectUrl';
import { type ImageFilesError, validateImageFiles } from './imageFiles';

type UploadState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'error'; error: ImageFilesError }
  | { status: 'ready'; file: File; count: number };

/**
 * The upload tab of the image dialog (docs/product/routes-and-roles.md#media-dialogs,
 * docs/product/rules-and-limits.md#image-uploads): choose or drop image files; they are checked in the spec's
 * order (image type, 5 MB each, decodes), the first valid one is previewed, and 'Use this image' hands it to
 * the editor. The file itself is sent with the josie form (`image`).
 */
export function ImageUploadTab({ onAdd }: { onAdd(image: DraftImage): void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const [dragging, setDragging] = useState(false);
  const check = useRef(0);
  const preview = useObjectUrl(state.status === 'ready' ? state.file : null);

  const choose = async (files: File[]) => {
    if (files.length === 0) return;
    const run = ++check.current;
    setState({ status: 'checking' });
    const result = await validateImageFiles(files);
    // A newer choice may have started while these decoded.
    if (run !== check.current) return;
    setState(
      result.ok
        ? { status: 'ready', file: result.file, count: files.length }
        : { status: 'error', error: result.error },
    );
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    void choose(Array.from(event.target.files ?? []));
    // Choosing the same file again must fire a change again.
    event.target.value = '';
  };
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    void choose(Array.from(event.dataTransfer.files));
  };

  return (
    <div className="flex flex-col gap-4">
      <input
        id={inputId}
        type="file"
        accept="image/*"
        multiple
        className="sr-only"
        aria-describedby={hintId}
        onChange={onChange}
      />
      <div
        className={cn(
          'relative flex flex-col items-center justify-center gap-2 rounded-3xl border-2 border-dashed px-6 py-8 text-center transition-colors',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
          dragging
            ? 'border-brand-500 bg-brand-50'
            : 'border-zinc-300 bg-zinc-50 hover:border-brand-400 hover:bg-brand-50/50',
        )}
      >
        <span className="rounded-full bg-white p-3 text-brand-700 shadow-sm" aria-hidden="true">
          <ImagePlus className="size-6" />
        </span>
        {/* The label covers the whole drop zone: a click anywhere opens the file chooser, a drop lands here. */}
        <label
          htmlFor={inputId}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className="cursor-pointer font-semibold text-zinc-900 after:absolute after:inset-0 after:rounded-3xl"
        >
          {t('image.upload.choose')}
        </label>
        <span id={hintId} className="text-sm text-zinc-600">
          {t('image.upload.hint')}
        </span>
      </div>

      {state.status === 'checking' && <Spinner label={t('image.upload.checking')} className="self-center" />}
      {state.status === 'error' && <FormError message={t(`image.upload.errors.${state.error}`)} />}
      {state.status === 'ready' && (
        <figure className="flex flex-col gap-2">
          {preview && (
            <img
              src={preview}
              alt={t('image.upload.previewAlt')}
              className="max-h-64 w-full rounded-2xl bg-zinc-100 object-contain"
            />
          )}
          <figcaption className="text-sm text-zinc-600" dir="auto">
            {state.file.name}
            {state.count > 1 && <span> · {t('image.upload.firstOnly')}</span>}
          </figcaption>
        </figure>
      )}

      <Button
        className="self-end"
        disabled={state.status !== 'ready'}
        onClick={() => {
          if (state.status === 'ready') onAdd({ source: 'upload', file: state.file });
        }}
      >
        {t('image.upload.use')}
      </Button>
    </div>
  );
}
