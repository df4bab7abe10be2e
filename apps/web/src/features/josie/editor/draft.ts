import type { AudioItemContent, Josie, Paragraph, VideoContent } from '@josie/contract';

/** The kinds of paragraph a josie holds, at most one of each (docs/product/data-and-config.md#data, docs/product/rules-and-limits.md#josies). */
export type BlockKind = 'text' | 'image' | 'video' | 'audioItem';
/** The media kinds, each added through its dialog. */
export type MediaKind = Exclude<BlockKind, 'text'>;
export const MEDIA_KINDS: readonly MediaKind[] = ['image', 'video', 'audioItem'];

/** The draft's image: a file chosen in the upload tab (sent with the form), or a stored image's URL. */
export type DraftImage = { source: 'upload'; file: File } | { source: 'url'; url: string };

/**
 * The josie being written, shared by the simple and the advanced editor so switching keeps everything.
 * `order` lists the blocks in display order; the text block is always there (an empty text is simply
 * not sent: docs/product/rules-and-limits.md#josies "Emptying the text box removes the text paragraph"),
 * media blocks only while that medium exists.
 */
export interface JosieDraft {
  title: string;
  text: string;
  image: DraftImage | null;
  video: VideoContent | null;
  audio: AudioItemContent | null;
  order: BlockKind[];
  /** Genre names, at most 3 (docs/product/rules-and-limits.md#josies), in the order chosen. */
  genres: string[];
}

/** A change to the draft. */
export type DraftAction =
  | { type: 'setTitle'; title: string }
  | { type: 'setText'; text: string }
  | { type: 'setImage'; image: DraftImage }
  | { type: 'setVideo'; video: VideoContent }
  | { type: 'setAudio'; audio: AudioItemContent }
  | { type: 'remove'; kind: MediaKind }
  | { type: 'move'; kind: BlockKind; to: number }
  | { type: 'setGenres'; genres: string[] }
  /** The whole draft replaced: the saved josie loaded again (docs/decisions/0041-edits-carry-their-version.md). */
  | { type: 'load'; draft: JosieDraft };

/** An empty draft: just the (empty) text block. */
export function emptyDraft(): JosieDraft {
  return { title: '', text: '', image: null, video: null, audio: null, order: ['text'], genres: [] };
}

/**
 * The draft of an existing josie: its title, its first text, image, video and audio item, in its
 * paragraph order (the text block goes first when the josie has none), and its genres.
 */
export function draftFromJosie(
  josie: Pick<Josie, 'title' | 'paragraphs'> & Partial<Pick<Josie, 'genres'>>,
): JosieDraft {
  const draft: JosieDraft = { ...emptyDraft(), title: josie.title, order: [], genres: josie.genres ?? [] };
  for (const paragraph of josie.paragraphs) {
    if (draft.order.includes(paragraph.type)) continue;
    switch (paragraph.type) {
      case 'text':
        draft.text = paragraph.content;
        break;
      case 'image':
        if (!paragraph.content) continue;
        draft.image = { source: 'url', url: paragraph.content };
        break;
      case 'video':
        draft.video = paragraph.content;
        break;
      case 'audioItem':
        draft.audio = paragraph.content;
        break;
    }
    draft.order.push(paragraph.type);
  }
  if (!draft.order.includes('text')) draft.order.unshift('text');
  return draft;
}

/** Whether the draft holds a block of `kind` (the text block counts only when it has text). */
export function hasBlock(draft: JosieDraft, kind: BlockKind): boolean {
  switch (kind) {
    case 'text':
      return draft.text.trim() !== '';
    case 'image':
      return draft.image !== null;
    case 'video':
      return draft.video !== null;
    case 'audioItem':
      return draft.audio !== null;
  }
}

function withBlock(order: BlockKind[], kind: BlockKind): BlockKind[] {
  return order.includes(kind) ? order : [...order, kind];
}

/** The draft reducer: each medium once, removing frees its kind again, moves clamp to the list. */
export function draftReducer(draft: JosieDraft, action: DraftAction): JosieDraft {
  switch (action.type) {
    case 'load':
      return action.draft;
    case 'setTitle':
      return { ...draft, title: action.title };
    case 'setGenres':
      return { ...draft, genres: action.genres };
    case 'setText':
      return { ...draft, text: action.text };
    case 'setImage':
      return { ...draft, image: action.image, order: withBlock(draft.order, 'image') };
    case 'setVideo':
      return { ...draft, video: action.video, order: withBlock(draft.order, 'video') };
    case 'setAudio':
      return { ...draft, audio: action.audio, order: withBlock(draft.order, 'audioItem') };
    case 'remove': {
      const order = draft.order.filter((kind) => kind !== action.kind);
      if (action.kind === 'image') return { ...draft, image: null, order };
      if (action.kind === 'video') return { ...draft, video: null, order };
      return { ...draft, audio: null, order };
    }
    case 'move': {
      const from = draft.order.indexOf(action.kind);
      if (from === -1) return draft;
      const to = Math.max(0, Math.min(draft.order.length - 1, action.to));
      if (to === from) return draft;
      const order = [...draft.order];
      order.splice(from, 1);
      order.splice(to, 0, action.kind);
      return { ...draft, order };
    }
  }
}

/**
 * Whether two drafts would save the same josie: same title and text, the same image (the same chosen
 * file, or the same URL), video, audio item, block order and genres. A change the user undid is no change.
 */
export function sameDraft(a: JosieDraft, b: JosieDraft): boolean {
  const image = (draft: JosieDraft) =>
    draft.image?.source === 'upload' ? draft.image.file : (draft.image?.url ?? null);
  return (
    a.title === b.title &&
    a.text === b.text &&
    image(a) === image(b) &&
    JSON.stringify([a.video, a.audio, a.order, a.genres]) ===
      JSON.stringify([b.video, b.audio, b.order, b.genres])
  );
}

/**
 * The draft's paragraphs in display order, as the form sends them: an empty text is left out, an
 * uploaded image is an image paragraph with content '' (the server puts the file there), and
 * `imagePreview` (a `blob:` URL) replaces it for the live preview.
 */
export function draftParagraphs(draft: JosieDraft, imagePreview?: string | null): Paragraph[] {
  const out: Paragraph[] = [];
  for (const kind of draft.order) {
    if (kind === 'text' && draft.text.trim()) out.push({ type: 'text', content: draft.text });
    if (kind === 'image' && draft.image) {
      const content = draft.image.source === 'url' ? draft.image.url : (imagePreview ?? '');
      out.push({ type: 'image', content });
    }
    if (kind === 'video' && draft.video) out.push({ type: 'video', content: draft.video });
    if (kind === 'audioItem' && draft.audio) out.push({ type: 'audioItem', content: draft.audio });
  }
  return out;
}

/**
 * The multipart form of `POST /api/josies` and `PUT /api/josies/{id}` (docs/product/routes-and-roles.md#api):
 * `title`, `paragraphs` and `genres` (both JSON text), and the uploaded image file. An edit adds
 * `baseVersion`, the version of the josie it started from (docs/decisions/0041-edits-carry-their-version.md).
 */
export function draftForm(draft: JosieDraft, baseVersion?: number): FormData {
  const form = new FormData();
  if (baseVersion !== undefined) form.set('baseVersion', String(baseVersion));
  form.set('title', draft.title.trim());
  form.set('paragraphs', JSON.stringify(draftParagraphs(draft)));
  form.set('genres', JSON.stringify(draft.genres));
  if (draft.image?.source === 'upload') form.set('image', draft.image.file, draft.image.file.name);
  return form;
}
