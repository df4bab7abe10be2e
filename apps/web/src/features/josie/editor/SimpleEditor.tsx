import { useTranslation } from 'react-i18next';
import { CounterpartsPanel } from './Counterparts';
import type { MediaKind } from './draft';
import {
  AddMediaButtons,
  MediaError,
  MediaSummary,
  RemoveMediaButton,
  TextField,
  TitleField,
} from './EditorFields';
import type { EditorProps } from './editorProps';

/**
 * The simple editor (docs/product/routes-and-roles.md#authoring): title with the generate-title button, the
 * content textarea, the added media each with a remove button, and the add buttons of the kinds still
 * missing.
 */
export function SimpleEditor({
  draft,
  dispatch,
  titleError,
  mediaErrors,
  suggestion,
  imagePreview,
  onAddMedia,
}: EditorProps) {
  const { t } = useTranslation();
  const media = draft.order.filter((kind): kind is MediaKind => kind !== 'text');
  return (
    <div className="flex flex-col gap-6 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-zinc-200 sm:p-8">
      <TitleField draft={draft} dispatch={dispatch} error={titleError} suggestion={suggestion} />
      <TextField draft={draft} dispatch={dispatch} />
      <section aria-labelledby="josie-media-heading" className="flex flex-col gap-3">
        <h2 id="josie-media-heading" className="text-sm font-medium text-zinc-800">
          {t('josie.editor.mediaHeading')}
        </h2>
        {media.length > 0 ? (
          <ul className="flex flex-col gap-2" aria-labelledby="josie-media-heading">
            {media.map((kind) => (
              <li key={kind} className="flex flex-col gap-1 rounded-2xl bg-zinc-50 p-2 ring-1 ring-zinc-200">
                <div className="flex items-center gap-2">
                  <MediaSummary draft={draft} kind={kind} imagePreview={imagePreview} />
                  <RemoveMediaButton
                    kind={kind}
                    onRemove={(removed) => dispatch({ type: 'remove', kind: removed })}
                  />
                </div>
                <MediaError message={mediaErrors[kind]} />
                {kind !== 'image' && <CounterpartsPanel kind={kind} draft={draft} dispatch={dispatch} />}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-zinc-600">{t('josie.editor.noMedia')}</p>
        )}
        <AddMediaButtons draft={draft} onAdd={onAddMedia} />
      </section>
    </div>
  );
}
