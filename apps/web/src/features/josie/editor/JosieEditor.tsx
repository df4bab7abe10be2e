import {
  type AudioItemContent,
  type CommentPolicy,
  ERROR_CODES,
  type Josie,
  type JosieCreator,
  JosieTitle,
  type VideoContent,
} from '@josie/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Switch } from 'radix-ui';
import { type FormEvent, useCallback, useId, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { track } from '../../../analytics/track';
import { ApiError } from '../../../api/client';
import { errorText } from '../../../api/errorText';
import { useFlag } from '../../../flags/useFlags';
import { cn } from '../../../lib/cn';
import { useMutation } from '../../../lib/useMutation';
import { useSharedAudio } from '../../../push/shareTarget';
import { EmailNotVerifiedNotice, isEmailNotVerified } from '../../../session/EmailVerification';
import { useSession } from '../../../session/SessionProvider';
import { Button } from '../../../ui/Button';
import { type ConflictChoice, ConflictDialog } from '../../../ui/ConflictDialog';
import { FormError } from '../../../ui/FormError';
import { toast } from '../../../ui/toast';
import { CommentPolicyField } from '../../comments';
import { preferencesKeys } from '../../preferences';
import { fetchJosie, josieKeys, saveJosie, storeJosie } from '../api';
import { AudioDialog } from '../dialogs/AudioDialog';
import { ImageDialog } from '../dialogs/ImageDialog';
import { audioSearchTabs, imageTabs, videoSearchTabs } from '../dialogs/integrationTabs';
import { VideoDialog } from '../dialogs/VideoDialog';
import { AdvancedEditor } from './AdvancedEditor';
import {
  type BlockKind,
  type DraftAction,
  type DraftImage,
  draftForm,
  draftFromJosie,
  draftParagraphs,
  draftReducer,
  emptyDraft,
  type JosieDraft,
  type MediaKind,
  sameDraft,
} from './draft';
import { focusTitleInput } from './EditorFields';
import { editorHomePath } from './editorHome';
import type { EditorProps } from './editorProps';
import { GenrePicker } from './GenrePicker';
import { SimpleEditor } from './SimpleEditor';
import { StatusNotice } from './StatusNotice';
import { useLeaveGuard } from './useLeaveGuard';
import { useObjectUrl } from './useObjectUrl';
import { useTitleSuggestion } from './useTitleSuggestion';

/**
 * Save refusals that name their own cause, each by its code's text (`errorText`): a picture the josie may not
 * show (docs/decisions/0036-media-limits-and-provenance.md), an image with too many pixels, and the server
 * busy with other images.
 */
const JOSIE_MEDIA_REFUSALS = new Set<string>([
  ERROR_CODES.MEDIA_NOT_OWNED,
  ERROR_CODES.ARTWORK_HOST_NOT_ALLOWED,
  ERROR_CODES.IMAGE_TOO_MANY_PIXELS,
  ERROR_CODES.UNAVAILABLE,
]);

/** What a save sends: the draft, and the kinds of its paragraphs (to place the server's issues). */
interface SaveRequest {
  draft: JosieDraft;
  kinds: BlockKind[];
  /**
   * Save over the version stored now, read again first, instead of the version the editor loaded: the
   * "overwrite" answer to a 409 `STALE_VERSION` (docs/decisions/0041-edits-carry-their-version.md).
   */
  overwrite?: boolean;
}

/**
 * The create and edit form (docs/product/routes-and-roles.md#authoring,
 * docs/product/rules-and-limits.md#josies, docs/product/messages.md#josies): one draft shared by the simple
 * editor and, while the flag `editor_advanced_mode` is on, the advanced editor (switching keeps the draft).
 * Publishing creates the josie (pending review), tracks `publish_josie` and goes to the list; saving an edit
 * sends it back to review (docs/product/differences.md#editing-sends-back-to-review). Save errors: a refused
 * picture, an image with too many pixels or a server busy with images says so, another 413 josie.fileTooLarge, otherwise josie.create.error or
 * josie.edit.error with the server's field issues placed on the title, the media and the genres (a genre
 * no longer offered, `UNKNOWN_LIST_ENTRY`, says so at the genre picker, which reloads the list). Leaving
 * with unsaved changes asks first ({@link useLeaveGuard}). An edit sends the version of the josie it loaded;
 * when someone saved the josie since (409 `STALE_VERSION`), a dialog offers to reload it, discarding the
 * draft, or to overwrite it with the draft, saved over the version read again; the draft stays until one
 * is chosen (docs/decisions/0041-edits-carry-their-version.md).
 */
export function JosieEditor({ josie }: { josie?: Josie }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const advancedAvailable = useFlag('editor_advanced_mode');
  const audioUrlMode = useFlag('audio_input_url_mode');
  // Who may comment (decision 0046): sent with a new josie; an existing one's is saved apart, at once.
  const commentsOn = useFlag('comments');
  const [commentPolicy, setCommentPolicy] = useState<CommentPolicy>(josie?.commentPolicy ?? 'everyone');
  const [advancedChosen, setAdvancedChosen] = useState(false);
  const advanced = advancedAvailable && advancedChosen;
  const switchId = useId();
  // The josie as last loaded: the one opened, or the saved one loaded again after a conflict.
  const [loaded, setLoaded] = useState(josie);
  const [draft, dispatchDraft] = useReducer(draftReducer, josie, (j) =>
    j ? draftFromJosie(j) : emptyDraft(),
  );
  // The draft as the editor opened (or reloaded), to tell unsaved changes from none.
  const [opened, setOpened] = useState(draft);
  // A save refused because the josie was saved elsewhere since it was loaded, and the choice under way.
  const [conflict, setConflict] = useState<ApiError | null>(null);
  const [reloading, setReloading] = useState(false);
  const leaveGuard = useLeaveGuard(!sameDraft(draft, opened));
  const [dialog, setDialog] = useState<MediaKind | null>(null);
  const [titleError, setTitleError] = useState<string | undefined>();
  const [mediaErrors, setMediaErrors] = useState<Partial<Record<MediaKind, string>>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [genreError, setGenreError] = useState<string | undefined>();
  // 403 EMAIL_NOT_VERIFIED: publishing waits for the email's verification (docs/decisions/0025-account-and-data.md).
  const [notVerified, setNotVerified] = useState(false);
  const imagePreview = useObjectUrl(draft.image?.source === 'upload' ? draft.image.file : null);
  const editing = josie !== undefined;
  const home = editorHomePath(user?.abilities);

  const dispatch = useCallback((action: DraftAction) => {
    if (action.type === 'setTitle') setTitleError(undefined);
    if (action.type === 'setGenres') setGenreError(undefined);
    if (action.type === 'remove' || action.type.startsWith('set')) setFormErrors([]);
    if (action.type === 'remove') setMediaErrors((errors) => ({ ...errors, [action.kind]: undefined }));
    dispatchDraft(action);
  }, []);
  const suggestion = useTitleSuggestion((title) => dispatch({ type: 'setTitle', title }));
  // A Spotify or YouTube link shared into the installed app (Web Share Target) becomes the audio item.
  useSharedAudio((audio) => dispatch({ type: 'setAudio', audio }), !editing);

  const save = useMutation({
    mutationFn: async ({ draft: sent, overwrite }: SaveRequest) => {
      if (!loaded) {
        const form = draftForm(sent);
        if (commentsOn) form.set('commentPolicy', commentPolicy);
        return saveJosie(form);
      }
      const version = overwrite ? (await fetchJosie(loaded._id)).version : loaded.version;
      return saveJosie(draftForm(sent, version), loaded._id);
    },
    onSuccess: (saved) => {
      setConflict(null);
      storeJosie(queryClient, saved);
      queryClient.setQueryData<Josie[]>(josieKeys.mine, (list) =>
        list && !list.some((item) => item._id === saved._id) ? [saved, ...list] : list,
      );
      void queryClient.invalidateQueries({ queryKey: josieKeys.all });
      if (editing) {
        toast.success(t('josie.edit.success'));
      } else {
        toast.success(t('josie.create.success'));
        track('publish_josie', { josie_id: saved._id, josie_name: saved.title });
      }
      leaveGuard.release();
      navigate(home);
    },
    onError: (error, { kinds }) => {
      if (error instanceof ApiError && error.code === ERROR_CODES.STALE_VERSION) {
        setConflict(error);
        return;
      }
      setConflict(null);
      if (isEmailNotVerified(error)) {
        setNotVerified(true);
        return;
      }
      if (error instanceof ApiError && JOSIE_MEDIA_REFUSALS.has(error.code)) {
        toast.error(errorText(t, error, undefined, { [ERROR_CODES.UNAVAILABLE]: t('errors.imagesBusy') }));
        return;
      }
      if (error instanceof ApiError && error.status === 413) {
        toast.error(t('josie.fileTooLarge'));
        return;
      }
      toast.error(t(editing ? 'josie.edit.error' : 'josie.create.error'));
      const apiError = error instanceof ApiError ? error : null;
      if (apiError?.code === ERROR_CODES.UNKNOWN_LIST_ENTRY) {
        // An admin removed a chosen genre meanwhile: say so at the picker and show the list as it is now.
        setGenreError(t('josie.editor.genres.unknown'));
        void queryClient.invalidateQueries({ queryKey: preferencesKeys.options });
        return;
      }
      const issues = apiError?.issues ?? [];
      const others: string[] = [];
      const media: Partial<Record<MediaKind, string>> = {};
      for (const issue of issues) {
        const path = issue.path.replace(/^body\./, '').split('.');
        const kind = path[0] === 'paragraphs' ? kinds[Number(path[1])] : undefined;
        if (path[0] === 'title') setTitleError(issue.message);
        else if (path[0] === 'genres') setGenreError(issue.message);
        else if (kind && kind !== 'text') media[kind] = issue.message;
        else others.push(issue.message);
      }
      setMediaErrors(media);
      // A refusal without field issues (e.g. 403, or an image the server could not read) says why here.
      if (issues.length === 0 && apiError) others.push(errorText(t, apiError));
      setFormErrors(others);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!JosieTitle.safeParse(draft.title).success) {
      setTitleError(t('josie.titleRequired'));
      focusTitleInput();
      return;
    }
    setTitleError(undefined);
    setGenreError(undefined);
    setMediaErrors({});
    setFormErrors([]);
    setNotVerified(false);
    save.mutate({ draft, kinds: draftParagraphs(draft).map((p) => p.type) });
  };

  /** Loads the saved josie again into the editor, discarding the draft (the conflict dialog's reload). */
  const reload = async (id: string) => {
    setReloading(true);
    try {
      const fresh = await fetchJosie(id);
      const next = draftFromJosie(fresh);
      dispatchDraft({ type: 'load', draft: next });
      setOpened(next);
      setLoaded(fresh);
      setTitleError(undefined);
      setGenreError(undefined);
      setMediaErrors({});
      setFormErrors([]);
      setConflict(null);
      toast.success(t('josie.editor.conflict.reloaded'));
    } catch (error) {
      toast.error(errorText(t, error, t('josie.loadError')));
    } finally {
      setReloading(false);
    }
  };

  const resolveConflict = (choice: ConflictChoice) => {
    if (!loaded) return;
    if (choice === 'reload') void reload(loaded._id);
    else save.mutate({ draft, kinds: draftParagraphs(draft).map((p) => p.type), overwrite: true });
  };

  const creator: Pick<JosieCreator, 'name' | 'avatar' | 'preferences'> | null =
    loaded?.creator ??
    (user
      ? {
          name: user.name,
          avatar: user.avatar,
          preferences: { myColor: user.preferences.myColor, myFont: user.preferences.myFont },
        }
      : null);
  const editorProps: EditorProps = {
    draft,
    dispatch,
    titleError,
    mediaErrors,
    suggestion,
    imagePreview,
    onAddMedia: setDialog,
  };
  const dialogProps = (kind: MediaKind) => ({
    open: dialog === kind,
    onOpenChange: (open: boolean) => setDialog(open ? kind : null),
  });

  return (
    <div
      className={cn(
        'mx-auto flex w-full flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12',
        advanced ? 'max-w-6xl' : 'max-w-3xl',
      )}
    >
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-bold tracking-tight text-zinc-950 sm:text-4xl">
            {editing ? t('josie.edit.title') : t('josie.create.title')}
          </h1>
          <p className="text-zinc-600">{editing ? t('josie.edit.lead') : t('josie.create.lead')}</p>
        </div>
        {advancedAvailable && (
          <div className="flex items-center gap-3 rounded-full bg-white px-4 py-2 shadow-xs ring-1 ring-zinc-200">
            <label htmlFor={switchId} className="text-sm font-medium text-zinc-800">
              {t('josie.editor.advancedSwitch')}
            </label>
            <Switch.Root
              id={switchId}
              checked={advancedChosen}
              onCheckedChange={setAdvancedChosen}
              className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-zinc-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 data-[state=checked]:bg-brand-600"
            >
              <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem] rtl:-translate-x-0.5 rtl:data-[state=checked]:-translate-x-[1.375rem]" />
            </Switch.Root>
          </div>
        )}
      </header>

      {loaded && <StatusNotice josie={loaded} ownJosie={loaded.creator._id === user?._id} />}

      <form noValidate onSubmit={submit} className="flex flex-col gap-6">
        {advanced ? <AdvancedEditor {...editorProps} creator={creator} /> : <SimpleEditor {...editorProps} />}

        <GenrePicker
          selected={draft.genres}
          kept={opened.genres}
          onChange={(genres) => dispatch({ type: 'setGenres', genres })}
          error={genreError}
        />

        {commentsOn && (
          <CommentPolicyField
            value={commentPolicy}
            onChange={setCommentPolicy}
            {...(loaded ? { josieId: loaded._id } : {})}
          />
        )}

        {formErrors.length > 0 && <FormError message={formErrors.join(' ')} />}
        {notVerified && <EmailNotVerifiedNotice />}

        <div className="sticky bottom-0 z-20 -mx-4 flex items-center justify-between gap-3 border-t border-zinc-200 bg-zinc-50/90 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
          <Button variant="ghost" asChild>
            <Link to={home}>
              <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
              {t('josie.editor.back')}
            </Link>
          </Button>
          <Button type="submit" size="lg" loading={save.isPending}>
            {editing ? t('josie.editor.save') : t('josie.editor.publish')}
          </Button>
        </div>
      </form>

      {leaveGuard.dialog}
      <ConflictDialog
        conflict={conflict}
        texts={t('josie.editor.conflict', { returnObjects: true })}
        onDismiss={() => setConflict(null)}
        onChoose={resolveConflict}
        pending={reloading ? 'reload' : save.isPending && save.variables?.overwrite ? 'overwrite' : null}
      />
      {/* Outside the form: a dialog's own submit must not bubble (through the portal) into the josie's. */}
      <ImageDialog
        {...dialogProps('image')}
        extraTabs={imageTabs(t, { title: draft.title, text: draft.text })}
        onAdd={(image: DraftImage) => dispatch({ type: 'setImage', image })}
      />
      <VideoDialog
        {...dialogProps('video')}
        extraTabs={videoSearchTabs(t)}
        onAdd={(video: VideoContent) => dispatch({ type: 'setVideo', video })}
      />
      <AudioDialog
        {...dialogProps('audioItem')}
        urlFirst={audioUrlMode}
        extraTabs={audioSearchTabs(t)}
        onAdd={(audio: AudioItemContent) => dispatch({ type: 'setAudio', audio })}
      />
    </div>
  );
}
