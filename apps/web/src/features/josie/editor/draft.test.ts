import { describe, expect, it } from 'vitest';
import { makeJosie } from '../testing';
import {
  draftForm,
  draftFromJosie,
  draftParagraphs,
  draftReducer,
  emptyDraft,
  hasBlock,
  sameDraft,
} from './draft';

const video = {
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  title: 'A video',
  thumbnailUrl: null,
  channelTitle: '',
  id: 'dQw4w9WgXcQ',
  type: 'video' as const,
};
const audio = {
  name: 'A song',
  type: 'track' as const,
  url: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
  provider: 'spotify' as const,
  image: null,
};

describe('josie draft (docs/product/data-and-config.md#data, docs/product/rules-and-limits.md#josies)', () => {
  it('adds each medium once and frees its kind when removed', () => {
    let draft = draftReducer(emptyDraft(), { type: 'setVideo', video });
    expect(hasBlock(draft, 'video')).toBe(true);
    draft = draftReducer(draft, { type: 'setVideo', video: { ...video, title: 'Another' } });
    expect(draft.order).toEqual(['text', 'video']);
    draft = draftReducer(draft, { type: 'remove', kind: 'video' });
    expect(hasBlock(draft, 'video')).toBe(false);
    expect(draft.order).toEqual(['text']);
  });

  it('leaves an emptied text out of the paragraphs', () => {
    let draft = draftReducer(emptyDraft(), { type: 'setText', text: 'Hello' });
    draft = draftReducer(draft, { type: 'setAudio', audio });
    expect(draftParagraphs(draft).map((p) => p.type)).toEqual(['text', 'audioItem']);
    draft = draftReducer(draft, { type: 'setText', text: '   ' });
    expect(draftParagraphs(draft).map((p) => p.type)).toEqual(['audioItem']);
  });

  it('moves blocks, clamping to the list', () => {
    let draft = draftReducer(emptyDraft(), { type: 'setVideo', video });
    draft = draftReducer(draft, { type: 'setAudio', audio });
    draft = draftReducer(draft, { type: 'move', kind: 'audioItem', to: 0 });
    expect(draft.order).toEqual(['audioItem', 'text', 'video']);
    draft = draftReducer(draft, { type: 'move', kind: 'audioItem', to: 99 });
    expect(draft.order).toEqual(['text', 'video', 'audioItem']);
  });

  it('reads a josie in its paragraph order and keeps its stored image', () => {
    const draft = draftFromJosie(
      makeJosie({
        paragraphs: [
          { type: 'image', content: '/media/josies/a.webp' },
          { type: 'text', content: 'Words' },
          { type: 'video', content: video },
        ],
      }),
    );
    expect(draft.order).toEqual(['image', 'text', 'video']);
    expect(draft.image).toEqual({ source: 'url', url: '/media/josies/a.webp' });
    expect(draft.text).toBe('Words');
  });

  it('sends an uploaded image as an empty image paragraph plus the file', () => {
    const file = new File(['x'], 'cover.png', { type: 'image/png' });
    let draft = draftReducer(emptyDraft(), { type: 'setTitle', title: '  My title ' });
    draft = draftReducer(draft, { type: 'setImage', image: { source: 'upload', file } });
    const form = draftForm(draft);
    expect(form.get('title')).toBe('My title');
    expect(JSON.parse(String(form.get('paragraphs')))).toEqual([{ type: 'image', content: '' }]);
    expect((form.get('image') as File).name).toBe('cover.png');
    expect(draftParagraphs(draft, 'blob:preview')).toEqual([{ type: 'image', content: 'blob:preview' }]);
  });

  it("takes the josie's genres, counts them as a change, and sends them as JSON text", () => {
    const opened = draftFromJosie(makeJosie({ genres: ['Jazz', 'Soul'] }));
    expect(opened.genres).toEqual(['Jazz', 'Soul']);
    const changed = draftReducer(opened, { type: 'setGenres', genres: ['Jazz'] });
    expect(sameDraft(opened, changed)).toBe(false);
    expect(sameDraft(opened, draftReducer(changed, { type: 'setGenres', genres: ['Jazz', 'Soul'] }))).toBe(
      true,
    );
    expect(JSON.parse(String(draftForm(changed).get('genres')))).toEqual(['Jazz']);
    expect(JSON.parse(String(draftForm(emptyDraft()).get('genres')))).toEqual([]);
  });

  it("sends an edit's base version, and none for a new josie (docs/decisions/0041-edits-carry-their-version.md)", () => {
    expect(draftForm(emptyDraft(), 7).get('baseVersion')).toBe('7');
    expect(draftForm(emptyDraft()).has('baseVersion')).toBe(false);
  });

  it('replaces the whole draft on load (the saved josie loaded again)', () => {
    const loaded = draftFromJosie(makeJosie({ title: 'Theirs' }));
    expect(draftReducer({ ...emptyDraft(), title: 'Mine' }, { type: 'load', draft: loaded })).toBe(loaded);
  });
});
