/**
 * Contract of the integrations (docs/product/rules-and-limits.md#media): sign-in with Spotify and Google,
 * audio and video search, image search and import, AI generation. docs/product/routes-and-roles.md#pages,
 * docs/product/data-and-config.md#data, docs/product/rules-and-limits.md#media,
 * docs/product/routes-and-roles.md#api; docs/product/data-and-config.md#data,
 * docs/product/rules-and-limits.md#media, docs/product/routes-and-roles.md#api,
 * docs/product/messages.md#errors-from-the-api, docs/product/rules-and-limits.md#constants;
 * docs/product/README.md#external-services-are-adapters, docs/product/data-and-config.md#configuration,
 * docs/product/differences.md#provider-tokens, docs/product/differences.md#sign-in-callback,
 * docs/product/differences.md#image-search-and-ai-images, docs/product/differences.md#audio-links.
 */
import { z } from 'zod';
import { AuthResponse } from './auth.js';
import { ERROR_CODES, PROVIDERS, type Role } from './catalogues.js';
import { text, wellFormedText } from './common.js';
import { isSameOriginPath } from './domain/same-origin.js';
import { AUDIO_PROVIDERS, AUDIO_TYPES } from './josies.js';

/** Roles that write or edit josies and so may search and import media or call the AI (docs/product/routes-and-roles.md#roles). */
export const MEDIA_AUTHOR_ROLES = ['curator', 'editor', 'admin'] as const satisfies readonly Role[];

/**
 * The integration errors' codes: a subset of {@link ERROR_CODES}, where each is described. `PROVIDER_AUTH`
 * (401) tells the web app to start the provider's sign-in (docs/product/messages.md#errors-from-the-api).
 */
export const INTEGRATION_ERROR_CODES = {
  PROVIDER_AUTH: ERROR_CODES.PROVIDER_AUTH,
  PROVIDER_ERROR: ERROR_CODES.PROVIDER_ERROR,
  PROVIDER_RATE_LIMITED: ERROR_CODES.PROVIDER_RATE_LIMITED,
  NOT_CONFIGURED: ERROR_CODES.NOT_CONFIGURED,
  LAST_SIGN_IN_METHOD: ERROR_CODES.LAST_SIGN_IN_METHOD,
  URL_NOT_ALLOWED: ERROR_CODES.URL_NOT_ALLOWED,
  IMAGE_FETCH_FAILED: ERROR_CODES.IMAGE_FETCH_FAILED,
  INVALID_IMAGE: ERROR_CODES.INVALID_IMAGE,
  TIMEOUT: ERROR_CODES.TIMEOUT,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Sign-in with a provider (docs/product/routes-and-roles.md#pages /auth/callback,
// docs/product/routes-and-roles.md#api browser navigations; docs/product/differences.md#provider-tokens,
// docs/product/differences.md#sign-in-callback)

/** `:provider` of the sign-in routes: `spotify` or `google` (Google is shown as YouTube). */
export const OAuthProviderParams = z.object({ provider: z.enum(PROVIDERS) });
export type OAuthProviderParams = z.infer<typeof OAuthProviderParams>;

/**
 * A path on this site to return to: starts with one `/`, never `//` or `/\` (which browsers read as
 * another host), without spaces, at most 500 characters, and still on the site once its dot segments are
 * resolved ({@link isSameOriginPath}: `/..//evil.example` is refused).
 */
export const ReturnToPath = text()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/, { message: 'Must be a path on this site', abort: true })
  .refine((path) => isSameOriginPath(path), 'Must be a path on this site');
export type ReturnToPath = z.infer<typeof ReturnToPath>;

/** `GET /api/auth/{provider}?returnTo=`: where the web app goes after signing in (default `/`). */
export const OAuthStartQuery = z.object({ returnTo: ReturnToPath.optional() });
export type OAuthStartQuery = z.infer<typeof OAuthStartQuery>;

/**
 * `POST /api/auth/{provider}/connect`: where to come back to after connecting (default `/account`). The
 * body may be left out.
 */
export const OAuthConnectBody = z.object({ returnTo: ReturnToPath.optional() }).nullish();
export type OAuthConnectBody = z.infer<typeof OAuthConnectBody>;

/** Answer of `POST /api/auth/{provider}/connect`: the provider's consent page, to open in the window. */
export const OAuthConnectResponse = z.object({ url: z.url().check(wellFormedText) });
export type OAuthConnectResponse = z.infer<typeof OAuthConnectResponse>;

/** What the provider sends back to `GET /api/auth/{provider}/callback` (RFC 6749 §4.1.2). */
export const OAuthCallbackQuery = z.object({
  code: text().max(2000).optional(),
  state: text().max(200).optional(),
  error: text().max(200).optional(),
  error_description: text().max(1000).optional(),
});
export type OAuthCallbackQuery = z.infer<typeof OAuthCallbackQuery>;

/**
 * Why a provider sign-in failed, as `/auth/callback?error={code}` (or `?connectError=` after connecting):
 * the web app shows 'Authentication failed. Please try again.' and may add the reason's own text.
 */
export const OAUTH_FAILURES = [
  /** The person declined on the provider's consent page. */
  'access_denied',
  /** The state did not match this browser's (expired, replayed or forged). */
  'invalid_state',
  /** The provider failed to exchange the code or to answer the profile. */
  'provider_error',
  /** The provider gave no email address. */
  'no_email',
  /** An account has this email but the provider does not vouch for it: sign in with the password, then connect. */
  'email_in_use',
  /** The provider account is already connected to another Josie account. */
  'provider_account_in_use',
  /** The Josie account was deleted, or the session that asked to connect has ended. */
  'account_unavailable',
  /** The provider is not configured on this server. */
  'not_configured',
] as const;
export type OAuthFailure = (typeof OAUTH_FAILURES)[number];

/** `POST /api/auth/exchange`: the one-time code of `/auth/callback?data={code}` (valid 60 s, single use). */
export const AuthExchangeBody = z.object({ code: text().min(1).max(4000) });
export type AuthExchangeBody = z.infer<typeof AuthExchangeBody>;

/** Answer of `POST /api/auth/exchange`: the session like login's, plus where to go next. */
export const AuthExchangeResponse = AuthResponse.extend({
  /** The `returnTo` given when the sign-in started, else `/`. */
  returnTo: text(),
  /** True when this sign-in created the account (the web app may show onboarding). */
  isNewUser: z.boolean(),
});
export type AuthExchangeResponse = z.infer<typeof AuthExchangeResponse>;

/** `GET /api/users/me/providers` (docs/product/routes-and-roles.md#api): which providers the account has connected. */
export const ConnectedProvidersResponse = z.object({
  connectedProviders: z.object({ spotify: z.boolean(), google: z.boolean() }),
});
export type ConnectedProvidersResponse = z.infer<typeof ConnectedProvidersResponse>;

// ---------------------------------------------------------------------------------------------------------
// Audio (docs/product/rules-and-limits.md#media, docs/product/rules-and-limits.md#audio-links,
// docs/product/routes-and-roles.md#api, docs/product/messages.md#errors-from-the-api)

/**
 * `:provider` of `GET /api/audio/supported-types/{provider}`. Any string, so that an unknown provider is
 * answered 400 'Unsupported provider' (docs/product/messages.md#errors-from-the-api) rather than a generic
 * validation message.
 */
export const AudioProviderParams = z.object({ provider: text().max(50) });
export type AudioProviderParams = z.infer<typeof AudioProviderParams>;

/** Answer of `GET /api/audio/supported-types/{provider}`. */
export const SupportedTypesResponse = z.object({
  supportedTypes: z.object({ track: z.boolean(), album: z.boolean(), playlist: z.boolean() }),
});
export type SupportedTypesResponse = z.infer<typeof SupportedTypesResponse>;

/** `GET /api/audio/search?query=&type=&provider=`. `provider` is checked like the supported-types path. */
export const AudioSearchQuery = z.object({
  query: text().trim().min(1, 'Please enter a search term').max(200),
  type: z.enum(AUDIO_TYPES).default('track'),
  provider: text().max(50).default('spotify'),
});
export type AudioSearchQuery = z.infer<typeof AudioSearchQuery>;

/** An image as Spotify and YouTube describe one; sizes in pixels, null when unknown. */
export const ProviderImage = z.object({
  url: text(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type ProviderImage = z.infer<typeof ProviderImage>;

/**
 * One audio search result or URL lookup (docs/product/rules-and-limits.md#media). The spec's provider-shaped
 * fields (`artists`, `album.images`, `images`, `owner`, `thumbnails`, `uri`, `external_urls`, `tracks`) are
 * kept so either provider's card can be drawn; `url`, `image` and `artist` are the flat values an `audioItem`
 * paragraph stores (`{name, type, url, provider, image, id, artist}`).
 */
export const AudioSearchItem = z.object({
  id: text(),
  type: z.enum(AUDIO_TYPES),
  name: text(),
  provider: z.enum(AUDIO_PROVIDERS),
  /** The canonical link (Spotify open link or YouTube watch/playlist link). */
  url: text(),
  /** The best cover or thumbnail, or null. */
  image: text().nullable(),
  /** The artists (Spotify) or channel (YouTube), comma-separated; empty when unknown. */
  artist: text(),
  artists: z.array(z.object({ name: text() })),
  album: z.object({ name: text(), images: z.array(ProviderImage) }).optional(),
  images: z.array(ProviderImage),
  owner: z.object({ display_name: text().optional(), name: text().optional() }).optional(),
  thumbnails: z
    .object({
      default: ProviderImage.optional(),
      medium: ProviderImage.optional(),
      high: ProviderImage.optional(),
    })
    .optional(),
  uri: text().optional(),
  external_urls: z.object({ spotify: text().optional() }).optional(),
  /** Number of tracks of an album or playlist, when the provider tells. */
  tracks: z.object({ total: z.number().int() }).optional(),
});
export type AudioSearchItem = z.infer<typeof AudioSearchItem>;

/** Answer of `GET /api/audio/search`. */
export const AudioSearchResponse = z.object({ items: z.array(AudioSearchItem) });
export type AudioSearchResponse = z.infer<typeof AudioSearchResponse>;

/** `GET /api/audio/url-details?url=`. */
export const AudioUrlDetailsQuery = z.object({ url: text().trim().max(2000) });
export type AudioUrlDetailsQuery = z.infer<typeof AudioUrlDetailsQuery>;

// ---------------------------------------------------------------------------------------------------------
// Video (docs/product/rules-and-limits.md#media, docs/product/rules-and-limits.md#video-links;
// docs/product/rules-and-limits.md#media)

/** `GET /api/video/search?query=&type=`: YouTube videos (default) or playlists. */
export const VideoSearchQuery = z.object({
  query: text().trim().min(1, 'Please enter a search term').max(200),
  type: z.enum(['video', 'playlist']).default('video'),
});
export type VideoSearchQuery = z.infer<typeof VideoSearchQuery>;

/** One video search result: exactly the `video` paragraph's content (docs/product/data-and-config.md#data). */
export const VideoSearchItem = z.object({
  url: text(),
  title: text(),
  thumbnailUrl: text().nullable(),
  channelTitle: text(),
  id: text(),
  type: z.enum(['video', 'playlist']),
});
export type VideoSearchItem = z.infer<typeof VideoSearchItem>;

/** Answer of `GET /api/video/search`. */
export const VideoSearchResponse = z.object({ items: z.array(VideoSearchItem) });
export type VideoSearchResponse = z.infer<typeof VideoSearchResponse>;

// ---------------------------------------------------------------------------------------------------------
// Images (docs/product/rules-and-limits.md#media, docs/product/rules-and-limits.md#image-links,
// docs/product/routes-and-roles.md#api, docs/product/rules-and-limits.md#constants;
// docs/product/differences.md#image-search-and-ai-images)

/** Image search providers: Pixabay needs a key, Openverse none (docs/product/differences.md#image-search-and-ai-images). */
export const IMAGE_PROVIDERS = ['pixabay', 'openverse'] as const;
export type ImageProvider = (typeof IMAGE_PROVIDERS)[number];
/** Image kinds a search can ask for; `photo` is the default (docs/product/rules-and-limits.md#constants). */
export const IMAGE_TYPES = ['all', 'photo', 'illustration', 'vector'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/** Image search page size (docs/product/rules-and-limits.md#constants). */
export const IMAGE_SEARCH_PAGE_SIZE = 20;

/** One entry of `GET /api/images/providers`: the provider and the page to credit it with. */
export const ImageProviderInfo = z.object({ name: z.enum(IMAGE_PROVIDERS), attributionUrl: text() });
export type ImageProviderInfo = z.infer<typeof ImageProviderInfo>;

/** Answer of `GET /api/images/providers`: the configured providers, the default (Pixabay) first. */
export const ImageProvidersResponse = z.array(ImageProviderInfo);
export type ImageProvidersResponse = z.infer<typeof ImageProvidersResponse>;

/**
 * `GET /api/images/search?query=&page=&perPage=&imageType=&safeSearch=&provider=`
 * (docs/product/routes-and-roles.md#api, docs/product/rules-and-limits.md#constants: perPage 20, imageType
 * photo, safeSearch true, provider pixabay).
 */
export const ImageSearchQuery = z.object({
  query: text().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(500).default(1),
  perPage: z.coerce.number().int().min(3).max(50).default(IMAGE_SEARCH_PAGE_SIZE),
  imageType: z.enum(IMAGE_TYPES).default('photo'),
  safeSearch: z.stringbool().default(true),
  provider: z.enum(IMAGE_PROVIDERS).default('pixabay'),
});
export type ImageSearchQuery = z.infer<typeof ImageSearchQuery>;

/** One image search result (docs/product/rules-and-limits.md#media). */
export const ImageSearchItem = z.object({
  id: text(),
  /** A small preview (about 150-250 px). */
  thumbnailUrl: text(),
  /** The full-size image, to import with `POST /api/images/upload-url`. */
  largeImageUrl: text(),
  provider: z.enum(IMAGE_PROVIDERS),
  /** The credit line to show (author, source and licence). */
  attribution: text(),
  /** The author's name, empty when unknown. */
  user: text(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  tags: z.array(text()),
  /** The image's page at the provider, for the credit link. */
  pageUrl: text().nullable(),
  /** The licence's page (Openverse), or null. */
  licenseUrl: text().nullable(),
});
export type ImageSearchItem = z.infer<typeof ImageSearchItem>;

/** Answer of `GET /api/images/search`. */
export const ImageSearchResponse = z.object({
  images: z.array(ImageSearchItem),
  pagination: z.object({
    page: z.number().int(),
    perPage: z.number().int(),
    /** Results the provider reports for the query. */
    total: z.number().int(),
    /** Pages that can be browsed (providers cap deep paging); 0 when nothing was found. */
    totalPages: z.number().int(),
  }),
});
export type ImageSearchResponse = z.infer<typeof ImageSearchResponse>;

/** `:id` of `GET /api/images/{id}` (Pixabay ids are numbers, Openverse ids UUIDs). */
export const ImageIdParams = z.object({ id: text().regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid image id') });
export type ImageIdParams = z.infer<typeof ImageIdParams>;

/** `?provider=` of `GET /api/images/{id}`. */
export const ImageGetQuery = z.object({ provider: z.enum(IMAGE_PROVIDERS).default('pixabay') });
export type ImageGetQuery = z.infer<typeof ImageGetQuery>;

/**
 * The refusals of `POST /api/images/upload`, as docs/product/messages.md lists them (the texts the editor's
 * upload tab shows for the same checks, `image.upload.errors.*`): a file that is not an image type (400
 * `INVALID_IMAGE`), over 5 MB (413 `PAYLOAD_TOO_LARGE`), none that decodes (400 `INVALID_IMAGE`).
 */
export const IMAGE_UPLOAD_MESSAGES = {
  notImage: 'Please select only image files',
  tooLarge: 'Some files exceed the maximum size of 5MB',
  noValidImages: 'No valid images were found',
} as const;

/** Answer of `POST /api/images/upload` (multipart field `images`, first file): our URL of the stored image. */
export const ImageUploadResponse = z.object({ urls: z.array(text()) });
export type ImageUploadResponse = z.infer<typeof ImageUploadResponse>;

/** `POST /api/images/upload-url`: an image on the web to copy to our storage. Rules in order, docs/product/rules-and-limits.md#media. */
export const ImageUploadUrlBody = z.object({ url: text().max(2048) });
export type ImageUploadUrlBody = z.infer<typeof ImageUploadUrlBody>;

/** Answer of `POST /api/images/upload-url`: our URL of the stored copy. */
export const ImageUrlResponse = z.object({ url: text() });
export type ImageUrlResponse = z.infer<typeof ImageUrlResponse>;

// ---------------------------------------------------------------------------------------------------------
// AI (docs/product/rules-and-limits.md#ai, docs/product/routes-and-roles.md#api)

/** What a generation answers: text (chat completion) or an image (stored, answered as our URL). */
export const AI_GENERATION_TYPES = ['text', 'image'] as const;
export type AiGenerationType = (typeof AI_GENERATION_TYPES)[number];

/** The AI providers this server can call: one OpenAI-compatible endpoint. */
export const AI_PROVIDERS = ['openai'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

/**
 * The stored templates the editor uses (docs/product/routes-and-roles.md#api) and their `{{variables}}`:
 * enticing-title `{text}`, image-prompt-from-josie `{title, text}`, image-from-text `{prompt}`,
 * album-cover-style `{style, prompt}`.
 */
export const AI_TEMPLATE_KEYS = [
  'enticing-title',
  'image-prompt-from-josie',
  'image-from-text',
  'album-cover-style',
] as const;
export type AiTemplateKey = (typeof AI_TEMPLATE_KEYS)[number];

/**
 * The names the templates are seeded with (English, in the database). The admin's list shows a template
 * still under its seed name by its translation (`admin.templates.seedNames.<key>` in the web's texts), and a
 * name an admin wrote as written.
 */
export const AI_TEMPLATE_SEED_NAMES: Readonly<Record<AiTemplateKey, string>> = {
  'enticing-title': 'Enticing title',
  'image-prompt-from-josie': 'Image prompt from josie',
  'image-from-text': 'Image from text',
  'album-cover-style': 'Album cover style',
};

/** `POST /api/ai/generate`: renders the template with the variables and calls the AI endpoint. */
export const AiGenerateBody = z.object({
  type: z.enum(AI_GENERATION_TYPES),
  provider: z.enum(AI_PROVIDERS).optional(),
  /** The template's key (`enticing-title`, ...). */
  templateId: text().trim().min(1).max(100),
  /** Values of the template's `{{name}}` placeholders. */
  variables: z.record(text().regex(/^\w{1,50}$/), text().max(20_000)).default({}),
  parameters: z
    .object({
      /** Sampling temperature of a text generation. */
      temperature: z.number().min(0).max(2).optional(),
      /** Longest text answer, in tokens. */
      maxTokens: z.number().int().min(1).max(4000).optional(),
      /** Image size as `WIDTHxHEIGHT` (e.g. `1024x1024`). */
      size: text()
        .regex(/^\d{3,4}x\d{3,4}$/)
        .optional(),
    })
    .optional(),
});
export type AiGenerateBody = z.infer<typeof AiGenerateBody>;

/** Answer of `POST /api/ai/generate`: the text, or the URL of the stored image. */
export const AiGenerateResponse = z.object({ data: z.object({ result: text() }) });
export type AiGenerateResponse = z.infer<typeof AiGenerateResponse>;

/** `GET /api/ai/providers?type=`. */
export const AiProvidersQuery = z.object({ type: z.enum(AI_GENERATION_TYPES).default('text') });
export type AiProvidersQuery = z.infer<typeof AiProvidersQuery>;

/** Answer of `GET /api/ai/providers`: each provider and whether it can generate that type here. */
export const AiProvidersResponse = z.object({
  data: z.array(z.object({ name: z.enum(AI_PROVIDERS), available: z.boolean() })),
});
export type AiProvidersResponse = z.infer<typeof AiProvidersResponse>;
