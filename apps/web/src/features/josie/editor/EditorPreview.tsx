import { type JosieCreator, songCount } from '@josie/contract';
import { useTranslation } from 'react-i18next';
import { CreatorHero, coverArt } from '../components/CreatorHero';
import { JosieParagraphs } from '../components/JosieParagraphs';
import { draftParagraphs, type JosieDraft } from './draft';

/**
 * The advanced editor's live preview: the draft as the public view will show it
 * (docs/product/routes-and-roles.md#review) — hero, title, 'N songs' and the paragraphs in their current
 * order, with the chosen image file previewed locally before it is uploaded.
 */
export function EditorPreview({
  draft,
  imagePreview,
  creator,
}: {
  draft: JosieDraft;
  imagePreview: string | null;
  creator: Pick<JosieCreator, 'name' | 'avatar' | 'preferences'> | null;
}) {
  const { t } = useTranslation();
  const paragraphs = draftParagraphs(draft, imagePreview);
  const songs = songCount({ schemaVersion: 2, paragraphs });
  return (
    <section
      aria-labelledby="josie-preview-heading"
      className="overflow-hidden rounded-3xl bg-zinc-50 shadow-sm ring-1 ring-zinc-200"
    >
      <h2
        id="josie-preview-heading"
        className="bg-zinc-900 px-4 py-2 text-xs font-semibold tracking-widest text-white uppercase"
      >
        {t('josie.editor.previewHeading')}
      </h2>
      <CreatorHero creator={creator} cover={coverArt(paragraphs)} compact />
      <div className="flex flex-col gap-4 p-5">
        {draft.title.trim() ? (
          <p dir="auto" className="text-2xl font-extrabold tracking-tight text-balance text-zinc-950">
            {draft.title}
          </p>
        ) : (
          <p className="text-2xl font-extrabold tracking-tight text-zinc-500">{t('josie.editor.untitled')}</p>
        )}
        {songs > 0 && (
          <p className="text-sm font-medium text-zinc-600">{t('josie.view.songs', { count: songs })}</p>
        )}
        <JosieParagraphs paragraphs={paragraphs} title={draft.title} />
      </div>
    </section>
  );
}
