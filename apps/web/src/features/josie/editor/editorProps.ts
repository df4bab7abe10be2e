import type { DraftAction, JosieDraft, MediaKind } from './draft';
import type { TitleSuggestion } from './useTitleSuggestion';

/** What both editors receive: the one shared draft and the page's handlers. */
export interface EditorProps {
  draft: JosieDraft;
  dispatch(action: DraftAction): void;
  /** The title's error (josie.titleRequired, or the server's message). */
  titleError: string | undefined;
  /** The server's message per medium, from the issues of a refused save. */
  mediaErrors: Partial<Record<MediaKind, string>>;
  suggestion: TitleSuggestion;
  /** A `blob:` URL of the chosen image file, for previews. */
  imagePreview: string | null;
  /** Opens the dialog that adds a medium. */
  onAddMedia(kind: MediaKind): void;
}
