import { z } from 'zod';
import { COMMENT_POLICIES, JOSIE_STATUSES } from './catalogues.js';
import { BaseVersion, text, wellFormedText } from './common.js';
import { isImageSource } from './domain/image-source.js';
import { parseAudioUrl, parseVideoUrl, type VideoUrlError } from './domain/media-urls.js';
import { ListenItem } from './listening.js';

/** Paragraph types written by this app (schemaVersion 2, docs/product/differences.md#paragraph-types). Readers also accept `image1`, `video1`. */
export const PARAGRAPH_TYPES = ['text', 'image', 'video', 'audioItem'] as const;
export type ParagraphType = (typeof PARAGRAPH_TYPES)[number];
export const CURRENT_SCHEMA_VERSION = 2;

/** Audio types and providers. docs/product/README.md#what-josie-is, docs/product/rules-and-limits.md#constants. */
export const AUDIO_TYPES = ['track', 'album', 'playlist'] as const;
export type AudioType = (typeof AUDIO_TYPES)[number];
export const AUDIO_PROVIDERS = ['spotify', 'youtube'] as const;
export type AudioProvider = (typeof AUDIO_PROVIDERS)[number];

/**
 * A counterpart link on `provider`: a link {@link parseAudioUrl} reads as an item of that service. Another
 * host is refused, so that a link shown under a service's name and mark is one. A check, not a transform:
 * the schema also describes answers, which are encoded.
 */
function counterpartOn(provider: AudioProvider) {
  const service = provider === 'spotify' ? 'Spotify' : 'YouTube';
  return z
    .url()
    .check(wellFormedText)
    .max(2000)
    .refine((url) => parseAudioUrl(url)?.provider === provider, {
      message: `The ${service} counterpart must be a ${service} link`,
    });
}

/**
 * A curator's own counterparts of an audio or video item on the two services with players
 * (docs/decisions/0022-listen-on-your-own-service.md): a link the curator confirmed or pasted, or `null` for
 * "none: offer no counterpart there". A service left out keeps what the resolver finds.
 */
export const Counterparts = z.object({
  spotify: counterpartOn('spotify').nullable().optional(),
  youtube: counterpartOn('youtube').nullable().optional(),
});
export type Counterparts = z.infer<typeof Counterparts>;

/** `audioItem` content. docs/product/data-and-config.md#data. */
export const AudioItemContent = z.object({
  name: text().trim().max(300).default(''),
  type: z.enum(AUDIO_TYPES),
  url: z.url().check(wellFormedText).max(2000),
  provider: z.enum(AUDIO_PROVIDERS),
  image: text().max(2000).nullable().default(null),
  /** The provider's id of the item (parsed from the URL). */
  id: text().max(200).optional(),
  artist: text().max(300).optional(),
  counterparts: Counterparts.optional(),
});
export type AudioItemContent = z.infer<typeof AudioItemContent>;

/** `video` content. docs/product/data-and-config.md#data. */
export const VideoContent = z.object({
  url: z.url().check(wellFormedText).max(2000),
  title: text().max(300).default(''),
  thumbnailUrl: text().max(2000).nullable().default(null),
  channelTitle: text().max(300).default(''),
  id: text().max(100),
  type: z.enum(['video', 'playlist']),
  counterparts: Counterparts.optional(),
});
export type VideoContent = z.infer<typeof VideoContent>;

/** One paragraph as stored and answered. */
export const Paragraph = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), content: text().max(20_000) }),
  z.object({ type: z.literal('image'), content: text().max(2000) }),
  z.object({ type: z.literal('video'), content: VideoContent }),
  z.object({ type: z.literal('audioItem'), content: AudioItemContent }),
]);
export type Paragraph = z.infer<typeof Paragraph>;

/** The creator as embedded in a josie. docs/product/data-and-config.md#data. */
export const JosieCreator = z.object({
  _id: text(),
  name: text(),
  avatar: text().nullable(),
  preferences: z.object({ myColor: text(), myFont: text() }),
});
export type JosieCreator = z.infer<typeof JosieCreator>;

/** A review entry. docs/product/data-and-config.md#data, docs/product/rules-and-limits.md#josies Reject flow. */
export const JosieReview = z.object({
  reviewedAt: text(),
  reviewedBy: text().nullable(),
  action: z.enum(['approved', 'rejected']),
  rejectionReason: text().nullable(),
});
export type JosieReview = z.infer<typeof JosieReview>;

/**
 * What the viewer of a josie may do with it, decided by the server's access rules for that viewer
 * (docs/decisions/0015-endpoints-in-the-contract.md), so the web shows controls without copying them:
 * `edit` (its creator; a reviewer while it is pending), `review` (approve or reject: a reviewer while it
 * is pending), `delete` (its creator), `seeReviews` (its status and review history: its creator and the
 * reviewers). A visitor's are all false.
 */
export const JosieAbilities = z.object({
  edit: z.boolean(),
  review: z.boolean(),
  delete: z.boolean(),
  seeReviews: z.boolean(),
});
export type JosieAbilities = z.infer<typeof JosieAbilities>;

/**
 * A josie as the API answers it: the spec's fields (docs/product/data-and-config.md#data) plus `likeCount`,
 * `likedByMe` and `savedByMe` in place of the full list of likes (docs/product/routes-and-roles.md#api), and
 * the viewer's {@link JosieAbilities}.
 */
export const Josie = z.object({
  _id: text(),
  title: text(),
  text: text(),
  status: z.enum(JOSIE_STATUSES),
  schemaVersion: z.number().int(),
  paragraphs: z.array(Paragraph),
  /** Up to 3 genre names (docs/decisions/0020-genres-on-josies.md), maybe one removed from the list since. */
  genres: z.array(text()),
  creator: JosieCreator,
  createdAt: text(),
  updatedAt: text(),
  publishedAt: text().nullable(),
  rejectionReason: text().nullable(),
  reviews: z.array(JosieReview),
  likeCount: z.number().int(),
  /** Its live comments, replies included, removed ones not (docs/decisions/0046-comments.md). */
  commentCount: z.number().int(),
  /** Who may comment: its creator's choice (docs/decisions/0046-comments.md). */
  commentPolicy: z.enum(COMMENT_POLICIES),
  /**
   * The edit version: 1 when created, one more with each saved edit of its title, paragraphs or genres (not
   * a review or a like). An edit sends it back as `baseVersion` (docs/decisions/0041-edits-carry-their-version.md).
   */
  version: z.number().int(),
  /**
   * The audio and video items' links on other platforms (docs/decisions/0022-listen-on-your-own-service.md),
   * one entry per item in paragraph order; an item not resolved yet carries only its original link.
   */
  listen: z.array(ListenItem),
  abilities: JosieAbilities,
  likedByMe: z.boolean(),
  savedByMe: z.boolean(),
});
export type Josie = z.infer<typeof Josie>;

/** `{data: {posts, hasMore, nextCursor}}` for feeds (docs/product/data-and-config.md#data; docs/product/rules-and-limits.md#feed). */
export const FeedResponse = z.object({
  data: z.object({ posts: z.array(Josie), hasMore: z.boolean(), nextCursor: text().nullable() }),
});
export type FeedResponse = z.infer<typeof FeedResponse>;

/** `?cursor=` of a feed: opaque base64url of (published_at, id). */
export const FeedQuery = z.object({ cursor: text().max(200).optional() });
export type FeedQuery = z.infer<typeof FeedQuery>;

// ---------------------------------------------------------------------------------------------------------
// Authoring (docs/product/data-and-config.md#data, docs/product/rules-and-limits.md#josies;
// docs/product/differences.md#paragraph-types, docs/product/differences.md#audio-links)
// ---------------------------------------------------------------------------------------------------------

/** Most paragraphs a request may send; the rules below leave at most four. */
export const MAX_INPUT_PARAGRAPHS = 20;
export const TITLE_MAX_LENGTH = 200;
export const TEXT_MAX_LENGTH = 20_000;

/** The server's message for each refused video link (the keys are the spec's, docs/product/rules-and-limits.md#video-links). */
export const VIDEO_URL_MESSAGES: Record<VideoUrlError, string> = {
  'video.add.urlRequired': 'Please enter a video URL',
  'video.add.unsupportedUrl': 'Only YouTube video and playlist links are supported',
  'video.add.invalidVideoUrl': 'This link has no valid YouTube video or playlist id',
};
export const INVALID_AUDIO_URL_MESSAGE =
  'Please paste a Spotify track, album or playlist link, or a YouTube link';

const IMAGE_SOURCE_MESSAGE = 'An image must be an https:// link or an uploaded image';

/** An image link accepted by {@link isImageSource}, trimmed. */
export const ImageSource = text().trim().max(2000).refine(isImageSource, { error: IMAGE_SOURCE_MESSAGE });

/** The josie's title: required after trimming (josie.titleRequired). */
export const JosieTitle = text({ error: 'Title is required' })
  .trim()
  .min(1, { error: 'Title is required' })
  .max(TITLE_MAX_LENGTH, { error: `Title must be at most ${TITLE_MAX_LENGTH} characters` });

const TextParagraphInput = z.object({
  type: z.literal('text'),
  content: text().max(TEXT_MAX_LENGTH, { error: `Text must be at most ${TEXT_MAX_LENGTH} characters` }),
});

/** An empty `content` marks where the uploaded `image` file goes. */
const ImageParagraphInput = z.object({
  type: z.enum(['image', 'image1']),
  content: text()
    .trim()
    .max(2000)
    .refine((v) => v === '' || isImageSource(v), { error: IMAGE_SOURCE_MESSAGE }),
});

const VideoContentInput = z.object({
  url: text().max(2000),
  title: text().trim().max(300).default(''),
  thumbnailUrl: ImageSource.nullable().default(null),
  channelTitle: text().trim().max(300).default(''),
  counterparts: Counterparts.optional(),
});
/** Legacy `video1` content may be the bare link. Its `id` and `type` are derived from the link. */
const VideoParagraphInput = z.object({
  type: z.enum(['video', 'video1']),
  content: z.preprocess((v) => (typeof v === 'string' ? { url: v } : v), VideoContentInput),
});

/** `provider`, `type` and `id` are derived from `url` (a client's values are ignored). */
const AudioParagraphInput = z.object({
  type: z.literal('audioItem'),
  content: z.object({
    name: text().trim().max(300).default(''),
    url: text().max(2000),
    image: ImageSource.nullable().default(null),
    artist: text().trim().max(300).optional(),
    counterparts: Counterparts.optional(),
  }),
});

const ParagraphInput = z.discriminatedUnion(
  'type',
  [TextParagraphInput, ImageParagraphInput, VideoParagraphInput, AudioParagraphInput],
  { error: (issue) => (issue.code === 'invalid_union' ? 'Unknown paragraph type' : undefined) },
);
type ParagraphInput = z.infer<typeof ParagraphInput>;

/** Parses a multipart field sent as JSON text (`paragraphs`, `genres`); a JSON body's array passes as is. */
const parseJsonText =
  (field: string) =>
  (value: unknown, ctx: { issues: z.core.$ZodRawIssue[] }): unknown => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      ctx.issues.push({ code: 'custom', message: `${field} must be a JSON array`, input: value });
      return z.NEVER;
    }
  };

/**
 * Applies the paragraph rules of docs/product/data-and-config.md#data,
 * docs/product/rules-and-limits.md#josies and returns the paragraphs as stored (schemaVersion 2 names): empty
 * text removed, only the first text kept; a second image, video or audio item refused; audio and video links
 * parsed into their provider, type and id.
 */
function normaliseParagraphInput(input: ParagraphInput[], ctx: z.core.$RefinementCtx<ParagraphInput[]>) {
  const out: Paragraph[] = [];
  const seen = new Set<string>();
  const once = (kind: 'image' | 'video' | 'audioItem', label: string, index: number) => {
    if (!seen.has(kind)) {
      seen.add(kind);
      return true;
    }
    ctx.issues.push({
      code: 'custom',
      message: `A josie holds at most one ${label}`,
      path: [index],
      input,
    });
    return false;
  };
  input.forEach((p, index) => {
    switch (p.type) {
      case 'text': {
        const content = p.content.trim();
        if (!content || seen.has('text')) return;
        seen.add('text');
        out.push({ type: 'text', content });
        return;
      }
      case 'image':
      case 'image1':
        if (once('image', 'image', index)) out.push({ type: 'image', content: p.content });
        return;
      case 'video':
      case 'video1': {
        if (!once('video', 'video', index)) return;
        const parsed = parseVideoUrl(p.content.url);
        if (!parsed.ok) {
          ctx.issues.push({
            code: 'custom',
            message: VIDEO_URL_MESSAGES[parsed.error],
            path: [index, 'content', 'url'],
            input: p.content.url,
            params: { key: parsed.error },
          });
          return;
        }
        out.push({ type: 'video', content: { ...p.content, ...parsed.video } });
        return;
      }
      case 'audioItem': {
        if (!once('audioItem', 'audio item', index)) return;
        const ref = parseAudioUrl(p.content.url);
        if (!ref) {
          ctx.issues.push({
            code: 'custom',
            message: INVALID_AUDIO_URL_MESSAGE,
            path: [index, 'content', 'url'],
            input: p.content.url,
            params: { key: 'josie.invalidAudioUrl' },
          });
          return;
        }
        out.push({ type: 'audioItem', content: { ...p.content, ...ref } });
        return;
      }
    }
  });
  return out;
}

/**
 * The `paragraphs` field of the create and edit forms: JSON text (multipart) or an array (JSON body) of
 * `{type, content}` in display order, normalised by the rules of docs/product/rules-and-limits.md#josies.
 */
export const JosieParagraphsInput = z
  .preprocess(
    parseJsonText('paragraphs'),
    z
      .array(ParagraphInput, { error: 'paragraphs must be a JSON array' })
      .max(MAX_INPUT_PARAGRAPHS, { error: `At most ${MAX_INPUT_PARAGRAPHS} paragraphs` })
      .default([]),
  )
  .transform(normaliseParagraphInput);

/** Most genres a josie carries (docs/product/rules-and-limits.md#josies). */
export const MAX_JOSIE_GENRES = 3;

/**
 * The `genres` field of the create and edit forms: JSON text (multipart, like `paragraphs`) or an array
 * (JSON body) of at most {@link MAX_JOSIE_GENRES} names, trimmed, blanks and case-insensitive duplicates
 * dropped; absent is none. Whether each name is in the live genre list is the server's check (400
 * `UNKNOWN_LIST_ENTRY`, docs/decisions/0020-genres-on-josies.md).
 */
export const JosieGenresInput = z
  .preprocess(
    parseJsonText('genres'),
    z
      .array(text().trim().max(100), { error: 'genres must be a JSON array' })
      .max(20, { error: `A josie has at most ${MAX_JOSIE_GENRES} genres` })
      .default([]),
  )
  .transform((names, ctx) => {
    const seen = new Set<string>();
    const out = names.filter((n) => {
      const key = n.toLowerCase();
      if (!n || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (out.length > MAX_JOSIE_GENRES) {
      ctx.issues.push({
        code: 'custom',
        message: `A josie has at most ${MAX_JOSIE_GENRES} genres`,
        input: names,
      });
      return z.NEVER;
    }
    return out;
  });

/**
 * `POST /api/josies` (multipart, docs/product/routes-and-roles.md#api): fields `title`, `paragraphs` and
 * `genres` (both JSON text), plus an optional file field `image` (at most 5 MB, else 413) that becomes the
 * image paragraph: it takes the place of an image paragraph whose content is empty, or is added after the
 * text.
 */
export const JosieCreateBody = z.object({
  title: JosieTitle,
  paragraphs: JosieParagraphsInput,
  genres: JosieGenresInput,
  /**
   * Who may comment (docs/decisions/0046-comments.md); `everyone` when left out. An edit leaves it as it is:
   * the creator changes it with `PUT /api/josies/{id}/comment-policy`, which is not an edit to review.
   */
  commentPolicy: z.enum(COMMENT_POLICIES).optional(),
});
export type JosieCreateBody = z.infer<typeof JosieCreateBody>;

/**
 * `PUT /api/josies/{id}`: the whole josie again, as for {@link JosieCreateBody}, and `baseVersion`, the
 * josie's `version` the edit started from: 409 `STALE_VERSION` when the josie has been saved since
 * (docs/decisions/0041-edits-carry-their-version.md).
 */
export const JosieUpdateBody = JosieCreateBody.omit({ commentPolicy: true }).extend({
  baseVersion: BaseVersion,
});
export type JosieUpdateBody = z.infer<typeof JosieUpdateBody>;

/**
 * A josie id in a path. Any text: an id that is not a UUID answers 404 like an
 * unknown one, so the answers reveal nothing.
 */
export const JosieIdParams = z.object({ id: text() });
export type JosieIdParams = z.infer<typeof JosieIdParams>;

/** `GET /api/josies/{id}`, and the answer of create, edit, approve and reject: the josie itself. */
export const JosieResponse = Josie;
export type JosieResponse = z.infer<typeof JosieResponse>;

/** `GET /api/josies/my-josies`: the caller's josies, last updated first. */
export const MyJosiesResponse = z.object({ data: z.object({ posts: z.array(Josie) }) });
export type MyJosiesResponse = z.infer<typeof MyJosiesResponse>;

/** `GET /api/josies/pending` (docs/product/routes-and-roles.md#api: `data.posts`): the review queue, longest waiting first. */
export const PendingResponse = z.object({ data: z.object({ posts: z.array(Josie) }) });
export type PendingResponse = z.infer<typeof PendingResponse>;

/** `PUT /api/josies/{id}/reject`: the reason is required after trimming (josie.rejectionReasonRequired). */
export const RejectBody = z.object({
  rejectionReason: text({ error: 'A rejection reason is required' })
    .trim()
    .min(1, { error: 'A rejection reason is required' })
    .max(2000, { error: 'The rejection reason must be at most 2000 characters' }),
});
export type RejectBody = z.infer<typeof RejectBody>;
