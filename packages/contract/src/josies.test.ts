import { describe, expect, it } from 'vitest';
import { ImageSource, JosieCreateBody, JosieUpdateBody, RejectBody } from './josies.js';

const TRACK = '0VjIjW4GlUZAMYd2vXMi3b'; // Blinding Lights
const VIDEO = 'fJ9rUzIMcZQ'; // Bohemian Rhapsody

const parse = (paragraphs: unknown, title: unknown = 'A title') =>
  JosieCreateBody.safeParse({ title, paragraphs });
const messages = (r: ReturnType<typeof parse>) => r.error?.issues.map((i) => i.message) ?? [];

describe('JosieCreateBody', () => {
  it('requires a title after trimming', () => {
    expect(messages(parse([], '   '))).toEqual(['Title is required']);
    expect(JosieCreateBody.safeParse({ paragraphs: [] }).error?.issues[0]?.message).toBe('Title is required');
    expect(parse([], '  Night drive  ').data?.title).toBe('Night drive');
    expect(messages(parse([], 'x'.repeat(201)))).toEqual(['Title must be at most 200 characters']);
  });

  it('reads paragraphs as JSON text (multipart) or as an array', () => {
    const json = JSON.stringify([{ type: 'text', content: 'Hi' }]);
    expect(parse(json).data?.paragraphs).toEqual([{ type: 'text', content: 'Hi' }]);
    expect(parse([{ type: 'text', content: 'Hi' }]).data?.paragraphs).toEqual([
      { type: 'text', content: 'Hi' },
    ]);
    expect(parse(undefined).data?.paragraphs).toEqual([]);
    expect(messages(parse('[{'))).toEqual(['paragraphs must be a JSON array']);
    expect(messages(parse('{"type":"text"}'))).toEqual(['paragraphs must be a JSON array']);
  });

  it('refuses unknown paragraph types', () => {
    expect(messages(parse([{ type: 'poll', content: 'x' }]))).toEqual(['Unknown paragraph type']);
    expect(messages(parse([{ content: 'x' }]))).toEqual(['Unknown paragraph type']);
  });

  it('keeps the first non-empty text, trimmed, and drops empty and later ones', () => {
    const r = parse([
      { type: 'text', content: '   ' },
      { type: 'text', content: '  First  ' },
      { type: 'text', content: 'Second' },
    ]);
    expect(r.data?.paragraphs).toEqual([{ type: 'text', content: 'First' }]);
  });

  it('refuses a second image, video or audio item', () => {
    const image = { type: 'image', content: 'https://images.example.com/a.jpg' };
    const video = { type: 'video', content: { url: `https://youtu.be/${VIDEO}` } };
    const audio = { type: 'audioItem', content: { url: `https://open.spotify.com/track/${TRACK}` } };
    expect(messages(parse([image, { ...image, type: 'image1' }]))).toEqual([
      'A josie holds at most one image',
    ]);
    expect(messages(parse([video, video]))).toEqual(['A josie holds at most one video']);
    expect(messages(parse([audio, audio]))).toEqual(['A josie holds at most one audio item']);
    expect(parse([image, video, audio]).success).toBe(true);
  });

  it('derives audio provider, type, id and link from the URL, never from the client', () => {
    const r = parse([
      {
        type: 'audioItem',
        content: {
          name: ' Blinding Lights ',
          url: `https://open.spotify.com/intl-he/track/${TRACK}?si=abc`,
          provider: 'youtube',
          type: 'playlist',
          id: 'forged',
          image: null,
        },
      },
    ]);
    expect(r.data?.paragraphs).toEqual([
      {
        type: 'audioItem',
        content: {
          name: 'Blinding Lights',
          url: `https://open.spotify.com/track/${TRACK}`,
          provider: 'spotify',
          type: 'track',
          id: TRACK,
          image: null,
        },
      },
    ]);
    const bad = parse([{ type: 'audioItem', content: { url: 'https://example.com/song.mp3' } }]);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['paragraphs', 0, 'content', 'url'] });
    expect(messages(bad)[0]).toMatch(/Spotify/);
  });

  it('derives the video id and type (playlist first) and reports the spec key', () => {
    const r = parse([
      {
        type: 'video1',
        content: {
          url: `https://www.youtube.com/watch?v=${VIDEO}`,
          title: 'Bohemian Rhapsody',
          id: 'x',
          type: 'x',
        },
      },
    ]);
    expect(r.data?.paragraphs).toEqual([
      {
        type: 'video',
        content: {
          url: `https://www.youtube.com/watch?v=${VIDEO}`,
          title: 'Bohemian Rhapsody',
          thumbnailUrl: null,
          channelTitle: '',
          id: VIDEO,
          type: 'video',
        },
      },
    ]);
    // Legacy bare-link content.
    expect(
      parse([{ type: 'video', content: `https://youtu.be/${VIDEO}` }]).data?.paragraphs[0],
    ).toMatchObject({
      content: { id: VIDEO, type: 'video' },
    });
    const keys = (url: string) =>
      parse([{ type: 'video', content: { url } }]).error?.issues.map(
        (i) => (i as { params?: object }).params,
      );
    expect(keys('')).toEqual([{ key: 'video.add.urlRequired' }]);
    expect(keys('https://vimeo.com/1')).toEqual([{ key: 'video.add.unsupportedUrl' }]);
    expect(keys('https://www.youtube.com/watch?v=nope')).toEqual([{ key: 'video.add.invalidVideoUrl' }]);
  });

  it('accepts https and /media/ images only', () => {
    const image = (content: string) => parse([{ type: 'image', content }]);
    expect(image('https://images.example.com/a.jpg').success).toBe(true);
    expect(image('/media/josies/0190a6c2-1b2c-7d3e-8f40-123456789abc.webp').success).toBe(true);
    expect(image('').data?.paragraphs).toEqual([{ type: 'image', content: '' }]);
    for (const bad of [
      'http://images.example.com/a.jpg',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'https://localhost/a.png',
      '/media/../secret',
      '//evil.test/a.png',
    ]) {
      expect(image(bad).success, bad).toBe(false);
    }
    expect(ImageSource.safeParse('/media/avatars/demo-admin.webp').success).toBe(true);
  });

  it('limits the number of paragraphs sent', () => {
    expect(parse(Array.from({ length: 21 }, () => ({ type: 'text', content: 'x' }))).success).toBe(false);
  });
});

describe('counterparts', () => {
  const audio = (counterparts: unknown) =>
    parse([
      {
        type: 'audioItem',
        content: {
          type: 'track',
          provider: 'spotify',
          url: `https://open.spotify.com/track/${TRACK}`,
          counterparts,
        },
      },
    ]);
  const stored = (r: ReturnType<typeof parse>) =>
    (r.data?.paragraphs[0]?.content as { counterparts?: unknown } | undefined)?.counterparts;

  it("keeps a service's own link, and null for none", () => {
    const r = audio({ youtube: `https://youtu.be/${VIDEO}?si=x`, spotify: null });
    expect(stored(r)).toEqual({ youtube: `https://youtu.be/${VIDEO}?si=x`, spotify: null });
  });

  it('refuses a link of another host or service under a service name', () => {
    expect(messages(audio({ youtube: 'https://evil.example/watch?v=fJ9rUzIMcZQ' }))).toEqual([
      'The YouTube counterpart must be a YouTube link',
    ]);
    expect(messages(audio({ spotify: `https://www.youtube.com/watch?v=${VIDEO}` }))).toEqual([
      'The Spotify counterpart must be a Spotify link',
    ]);
    expect(audio({ youtube: 'javascript:alert(1)' }).success).toBe(false);
  });
});

describe('RejectBody', () => {
  it('requires a reason after trimming and sends the trimmed text', () => {
    expect(RejectBody.safeParse({ rejectionReason: '   ' }).error?.issues[0]?.message).toBe(
      'A rejection reason is required',
    );
    expect(RejectBody.safeParse({}).success).toBe(false);
    expect(RejectBody.parse({ rejectionReason: '  Needs a source  ' })).toEqual({
      rejectionReason: 'Needs a source',
    });
  });
});

describe('JosieUpdateBody (docs/decisions/0041-edits-carry-their-version.md)', () => {
  const edit = (baseVersion: unknown) =>
    JosieUpdateBody.safeParse({ title: 'T', paragraphs: [], baseVersion });

  it('takes the version the edit started from, as a number or as multipart text', () => {
    expect(edit(3).data?.baseVersion).toBe(3);
    expect(edit('3').data?.baseVersion).toBe(3);
    expect(edit(' 12 ').data?.baseVersion).toBe(12);
  });

  it('refuses an edit without one, or with one that is not a whole number from 1', () => {
    for (const bad of [undefined, null, '', '0', 0, -2, 1.5, '1.5', 'three', '1e3', 2_147_483_648]) {
      expect(edit(bad).success, String(bad)).toBe(false);
    }
    expect(edit(undefined).error?.issues[0]?.message).toBe(
      'baseVersion must be the version the edit is based on, as loaded (a whole number)',
    );
  });
});
