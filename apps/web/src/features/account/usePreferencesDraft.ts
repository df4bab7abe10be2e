import type { LiveListEntry, Preferences, PreferencesUpdateBody, User } from '@josie/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useMutation } from '../../lib/useMutation';
import { useSession } from '../../session/SessionProvider';
import { getSessionSnapshot } from '../../session/store';
import { preferencesQuery, savePreferences, storeSavedPreferences } from '../preferences';

/** What the Preferences tab edits (the theme has its own tab). */
export interface PreferencesDraft {
  genres: string[];
  interests: string[];
  myFont: string;
  myColor: string;
}

/** The editable part of stored preferences. */
export function draftOf(preferences: Preferences): PreferencesDraft {
  return {
    genres: preferences.genres,
    interests: preferences.interests,
    myFont: preferences.myFont,
    myColor: preferences.myColor,
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => {
  const left = new Set(a.map((entry) => entry.toLowerCase()));
  const right = new Set(b.map((entry) => entry.toLowerCase()));
  return left.size === right.size && [...left].every((entry) => right.has(entry));
};

/** Whether two drafts hold the same choices (lists compared as sets, whatever their order or case). */
export function sameDraft(a: PreferencesDraft, b: PreferencesDraft): boolean {
  return (
    a.myFont === b.myFont &&
    a.myColor === b.myColor &&
    sameList(a.genres, b.genres) &&
    sameList(a.interests, b.interests)
  );
}

/**
 * `names` without entries the live list no longer has (an admin may have removed one; the server refuses
 * unknown names with 400). Without the live list, `names` as they are.
 */
export function keepLive(names: readonly string[], live: readonly LiveListEntry[] | undefined): string[] {
  if (!live) return [...names];
  const known = new Set(live.map((entry) => entry.name.toLowerCase()));
  return names.filter((name) => known.has(name.toLowerCase()));
}

/**
 * The body of `PUT /api/users/me/preferences` for a draft: the lists (trimmed to the live lists) and, only
 * when the user may choose a style (`abilities.chooseStyle`: curators), font and colour
 * (docs/product/routes-and-roles.md#roles); the theme is left as stored.
 */
export function preferencesBody(
  draft: PreferencesDraft,
  chooseStyle: boolean,
  live?: { genres: readonly LiveListEntry[]; interests: readonly LiveListEntry[] },
): PreferencesUpdateBody {
  return {
    genres: keepLive(draft.genres, live?.genres),
    interests: keepLive(draft.interests, live?.interests),
    ...(chooseStyle ? { myFont: draft.myFont, myColor: draft.myColor } : {}),
  };
}

/**
 * The preferences draft of docs/product/rules-and-limits.md#account-images: the last saved copy (the
 * server's), the user's unsaved choices, whether they differ (`dirty`, which alone shows the Save button),
 * and `save`. After a successful save the saved copy becomes the server's answer, the draft follows it
 * (unless the user changed it while the save ran), the feed's cached preferences and the stored user's
 * `preferences` are updated. Nothing is fetched until `enabled`.
 */
export function usePreferencesDraft(user: User | null, onSaved?: () => void, enabled = true) {
  const queryClient = useQueryClient();
  const { updateUser } = useSession();
  const query = useQuery({
    ...preferencesQuery(),
    enabled: enabled && user !== null,
  });
  const saved = query.data ? draftOf(query.data.preferences) : null;
  // Null while the user has changed nothing: the draft is then the saved copy itself.
  const [edits, setEdits] = useState<PreferencesDraft | null>(null);
  const draft = edits ?? saved;
  const dirty = edits !== null && saved !== null && !sameDraft(edits, saved);

  const edit = useCallback(
    (change: (current: PreferencesDraft) => PreferencesDraft) => {
      setEdits((current) => {
        const base = current ?? (query.data ? draftOf(query.data.preferences) : null);
        return base ? change(base) : current;
      });
    },
    [query.data],
  );

  const mutation = useMutation({
    mutationFn: ({ body }: { body: PreferencesUpdateBody; sent: PreferencesDraft }) => savePreferences(body),
    onSuccess: (answer, { sent }) => {
      storeSavedPreferences(queryClient, answer);
      setEdits((current) => (current === sent ? null : current));
      const latest = getSessionSnapshot().user;
      if (latest) updateUser({ ...latest, preferences: answer });
      onSaved?.();
    },
    onError: (error) => console.warn('Saving preferences failed', error),
  });

  const save = useCallback(
    (body: PreferencesUpdateBody) => {
      if (edits) mutation.mutate({ body, sent: edits });
    },
    [edits, mutation],
  );

  return {
    query,
    saved,
    draft,
    dirty,
    edit,
    /** Drops the unsaved choices. */
    discard: () => setEdits(null),
    save,
    saving: mutation.isPending,
    saveError: mutation.error,
    resetSaveError: mutation.reset,
  };
}

/** What {@link usePreferencesDraft} answers. */
export type PreferencesDraftState = ReturnType<typeof usePreferencesDraft>;
