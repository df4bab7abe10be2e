/**
 * Catalogues of the product: roles, genres, interests, curator fonts and colours, feed themes and
 * feature flags. docs/product/rules-and-limits.md#preferences-and-catalogues. The genre and interest lists
 * here are the *seed* lists; the live lists come from the server (admins edit them).
 *
 * Plain values without zod, like everything the web app's first page imports from the contract (error
 * codes, flag semantics): with `"sideEffects": false` a page that uses none of the schemas loads no zod.
 */

/** Roles, weakest first. docs/product/routes-and-roles.md#roles. */
export const ROLES = ['listener', 'curator', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Sign-in providers as stored; `google` is shown to users as YouTube. docs/product/README.md#what-josie-is. */
export const PROVIDERS = ['spotify', 'google'] as const;
export type Provider = (typeof PROVIDERS)[number];

/**
 * The services a listener may listen on (`activeProvider`): the sign-in providers, whose players Josie
 * shows, and the platforms the link resolver finds links on (Odesli's `linksByPlatform` keys), opened by
 * their links. docs/decisions/0022-listen-on-your-own-service.md.
 */
export const LISTEN_SERVICES = [
  ...PROVIDERS,
  'appleMusic',
  'deezer',
  'tidal',
  'soundcloud',
  'amazonMusic',
  'youtubeMusic',
] as const;
export type ListenService = (typeof LISTEN_SERVICES)[number];

/** The 20 seed genres. docs/product/rules-and-limits.md#preferences-and-catalogues. */
export const GENRES = [
  'Pop',
  'Rock',
  'HipHop',
  'R&B',
  'Country',
  'Electronic',
  'Jazz',
  'Classical',
  'Reggae',
  'Folk',
  'Blues',
  'Metal',
  'Punk',
  'Indie',
  'Alternative',
  'Soul',
  'Funk',
  'Disco',
  'House',
  'Techno',
] as const;

/** One of the {@link GENRES}. */
export type Genre = (typeof GENRES)[number];

/**
 * The other names people type for each seed genre, which search takes as the genre
 * (docs/decisions/0021-search-in-postgresql.md): its Hebrew name as the Hebrew interface shows it
 * (`common.genreNames`, a web test keeps the two alike) and common spellings in both languages. Josies store
 * the English identifier (decision 0020), so without these a Hebrew genre name finds only the texts that
 * write it. "פאנק" names both Funk and Punk, as the interface writes both.
 */
export const GENRE_SEARCH_NAMES: Readonly<Record<Genre, readonly string[]>> = {
  Pop: ['פופ'],
  Rock: ['רוק'],
  HipHop: ['Hip-Hop', 'היפ-הופ', 'היפהופ'],
  'R&B': ['RnB', 'אר-אנד-בי', 'אר אנד בי'],
  Country: ['קאנטרי'],
  Electronic: ['אלקטרונית', 'אלקטרוני'],
  Jazz: ['ג׳אז'],
  Classical: ['קלאסית', 'קלאסי', 'קלאסיקה'],
  Reggae: ['רגאיי', 'רגאי'],
  Folk: ['פולק'],
  Blues: ['בלוז'],
  Metal: ['מטאל', 'מטל'],
  Punk: ['פאנק', 'פאנק רוק'],
  Indie: ['אינדי'],
  Alternative: ['אלטרנטיב', 'אלטרנטיבי'],
  Soul: ['סול'],
  Funk: ['פאנק', 'פאנקי'],
  Disco: ['דיסקו'],
  House: ['האוס'],
  Techno: ['טכנו'],
};

/** The 12 seed interests. docs/product/rules-and-limits.md#preferences-and-catalogues. */
export const INTERESTS = [
  'Concerts',
  'MusicProduction',
  'VinylCollection',
  'Instruments',
  'MusicVideos',
  'MusicHistory',
  'Podcasts',
  'NewReleases',
  'ArtistBiographies',
  'MusicFestivals',
  'Songwriting',
  'DJing',
] as const;

/** The 14 curator fonts (family and weight). docs/product/rules-and-limits.md#preferences-and-catalogues. */
export const FONTS = [
  { family: 'Albert Sans', weight: 900 },
  { family: 'Annie Use Your Telescope', weight: 400 },
  { family: 'Questrial', weight: 400 },
  { family: 'Anton', weight: 400 },
  { family: 'Comic Neue', weight: 400 },
  { family: 'Permanent Marker', weight: 400 },
  { family: 'Shadows Into Light Two', weight: 400 },
  { family: 'Oranienbaum', weight: 400 },
  { family: 'Voltaire', weight: 400 },
  { family: 'Allan', weight: 700 },
  { family: 'Mynerve', weight: 400 },
  { family: 'Paprika', weight: 400 },
  { family: 'Delius', weight: 400 },
  { family: 'Rammetto One', weight: 400 },
] as const;
export type FontFamily = (typeof FONTS)[number]['family'];

/** Named curator colours; `dark` marks light backgrounds that need dark text. docs/product/rules-and-limits.md#preferences-and-catalogues. */
export const COLOURS = [
  { name: 'Blue', value: '#87A9FF', dark: false },
  { name: 'Light Blue', value: '#B8FFE8', dark: true },
  { name: 'Bright Pink', value: '#FF79F8', dark: false },
  { name: 'Pink', value: '#FF3D8E', dark: false },
  { name: 'Yellow', value: '#F4FF5E', dark: true },
  { name: 'Light Grey', value: '#D3D5E2', dark: true },
] as const;
export type ColourName = (typeof COLOURS)[number]['name'];

/** Creator colour used when a curator has none. docs/product/rules-and-limits.md#preferences-and-catalogues. */
export const DEFAULT_CREATOR_COLOUR = '#ff69b4';

/** Feed themes; `josie` is the default. docs/product/rules-and-limits.md#preferences-and-catalogues. */
export const FEED_THEMES = ['classic', 'josie', 'glassmorphic', 'vibrant'] as const;
export type FeedTheme = (typeof FEED_THEMES)[number];
export const DEFAULT_FEED_THEME: FeedTheme = 'josie';

/** Remote feature flags with their defaults, read as strings. docs/product/rules-and-limits.md#preferences-and-catalogues, docs/product/rules-and-limits.md#feature-flags. */
export const FLAG_DEFAULTS = {
  language_select: 'false',
  editor_advanced_mode: 'false',
  audio_input_url_mode: 'true',
  /**
   * Comments on josies (docs/decisions/0046-comments.md): on since reports, blocking and moderation exist
   * (decisions 0047 and 0048); an admin turning it off hides every comment in the web and the server refuses
   * every comment route with 404 `FEATURE_DISABLED`, losing none.
   */
  comments: 'true',
  /**
   * The curator studio (docs/decisions/0050-curator-studio-counts.md): on since its pages exist; an admin
   * turning it off hides the studio's menu entries and every `/api/studio/*` route answers 404
   * `FEATURE_DISABLED` (the events are still recorded and rolled up, so it reopens with its history).
   */
  studio: 'true',
} as const;
export type FlagKey = keyof typeof FLAG_DEFAULTS;
export const FLAG_KEYS = Object.keys(FLAG_DEFAULTS) as FlagKey[];

/**
 * Who may comment on a josie, chosen by its creator (docs/decisions/0046-comments.md): `everyone` signed
 * in with a verified email, `followers` of the creator only (and the creator), or `off`. Existing comments
 * stay readable whatever the choice.
 */
export const COMMENT_POLICIES = ['everyone', 'followers', 'off'] as const;
export type CommentPolicy = (typeof COMMENT_POLICIES)[number];

/** What can be reported (docs/product/rules-and-limits.md#reports-and-moderation). */
export const REPORT_TARGET_TYPES = ['comment', 'josie', 'account'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** Why something is reported; `other` needs a text (docs/product/rules-and-limits.md#reports-and-moderation). */
export const REPORT_REASONS = ['spam', 'harassment', 'hate', 'sexual', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * What an editor or admin does with a reported target; each resolves all its open reports
 * (docs/decisions/0047-reports-and-moderation.md). `remove-comment` fits comments, `send-back` josies,
 * `suspend` accounts and the authors of comments and josies (admins only); `dismiss` fits any.
 */
export const MODERATION_ACTIONS = ['dismiss', 'remove-comment', 'send-back', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Limits of reports and the moderation queue (docs/product/rules-and-limits.md#reports-and-moderation). */
export const REPORT_LIMITS = {
  /** Characters of a report's text, after trimming. */
  textMaxLength: 1000,
  /** Characters of a moderator's reason (sending back, suspending). */
  reasonMaxLength: 1000,
  /** Reports an account may file per minute. */
  perMinute: 10,
  /** Reported targets per page of the moderation queue. */
  pageSize: 20,
  /** The latest report texts the queue shows per target. */
  textsShown: 3,
} as const;

/** Limits of comments (docs/product/rules-and-limits.md#comments). */
export const COMMENT_LIMITS = {
  /** Characters of a comment's text, after trimming. */
  textMaxLength: 2000,
  /** How long after posting its author may edit a comment (ms). */
  editWindowMs: 15 * 60 * 1000,
  /** Replies shown under each top-level comment of a page; the rest come from the replies endpoint. */
  inlineReplies: 3,
  /** Top-level comments per page. */
  pageSize: 20,
  /** Replies per page of `GET /api/comments/{id}/replies`. */
  repliesPageSize: 20,
} as const;

/** Languages of the interface; English is the fallback. docs/product/rules-and-limits.md#constants. */
export const LANGUAGES = ['en', 'he'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Business constants. docs/product/rules-and-limits.md#constants. */
export const LIMITS = {
  passwordMinLength: 8,
  avatarMaxBytes: 2 * 1024 * 1024,
  imageMaxBytes: 5 * 1024 * 1024,
  /** Pixels (width × height) an uploaded image may have: a small file can decode to gigabytes. */
  imageMaxPixels: 50_000_000,
  excerptWords: 25,
  feedPageSize: 20,
  onboardingRecommendations: 5,
  curatorSuggestions: 3,
  inviteLifetimeDays: 30,
  providerCacheMs: 5 * 60 * 1000,
  flagsFetchIntervalMs: { production: 3_600_000, development: 60_000 },
  feedDebounceMs: 300,
  searchDebounceMs: 500,
  errorRedirectMs: 2000,
  resetRedirectMs: 3000,
  socketReconnectionAttempts: 5,
  socketReconnectionDelayMs: 1000,
  maxToasts: 20,
  fontLoadTimeoutMs: 3000,
} as const;

/**
 * Every stable error code the API answers (`{message, code}`), one list for both sides
 * (docs/decisions/0015-endpoints-in-the-contract.md): the server's errors take only these, and the web
 * compares `error.code` with these, never with a string of its own. Zod-free, so first pages may import it.
 */
export const ERROR_CODES = {
  VALIDATION: 'VALIDATION_ERROR',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  /** 401: sign-in with an unknown email or a wrong password (the two are not told apart). */
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  GONE: 'GONE',
  TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** 413: an image within the byte limit whose width × height is over `LIMITS.imageMaxPixels`. */
  IMAGE_TOO_MANY_PIXELS: 'IMAGE_TOO_MANY_PIXELS',
  RATE_LIMITED: 'RATE_LIMITED',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL_ERROR',
  /**
   * 501: a format the oEmbed endpoint does not offer (`format=xml`), as oEmbed 1.0 asks
   * (docs/decisions/0043-embeds.md).
   */
  NOT_IMPLEMENTED: 'NOT_IMPLEMENTED',
  /** 404: a route of a feature that is switched off by its remote flag (`comments`, decision 0046). */
  FEATURE_DISABLED: 'FEATURE_DISABLED',
  // Refusals of the product's rules (400, 409 unless said).
  /** 409: changing the account's email to one that has an account. */
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  /** 400: a display name with invisible characters (direction overrides, zero-width characters). */
  UNSAFE_NAME: 'UNSAFE_NAME',
  /** 400: a guessable password (docs/decisions/0011-sign-in-limits-and-password-policy.md). */
  WEAK_PASSWORD: 'WEAK_PASSWORD',
  /** 400: a password-reset link that is unknown, used or expired. */
  INVALID_RESET_TOKEN: 'INVALID_RESET_TOKEN',
  /** 409: a genre or interest that the list already holds (names compared without case). */
  DUPLICATE_NAME: 'DUPLICATE_NAME',
  /** 409: an admin changing their own role. */
  OWN_ROLE: 'OWN_ROLE',
  /** 400: accepting one's own invite. */
  OWN_INVITE: 'OWN_INVITE',
  /** 409: an invite the user has already used. */
  INVITE_ALREADY_USED: 'INVITE_ALREADY_USED',
  /** 400: following someone who is not a curator. */
  NOT_A_CURATOR: 'NOT_A_CURATOR',
  /** 400: following oneself. */
  SELF_FOLLOW: 'SELF_FOLLOW',
  /** 400: a genre or interest that is not on the live lists. */
  UNKNOWN_LIST_ENTRY: 'UNKNOWN_LIST_ENTRY',
  /** 403: publishing a josie or creating an invite before the account's email is verified. */
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  /** 400: a mailed verification, email-change or deletion link that is unknown, used or expired. */
  INVALID_EMAIL_LINK: 'INVALID_EMAIL_LINK',
  /** 409: a verification link followed again (or an older one) once the account's address is verified. */
  ALREADY_VERIFIED: 'ALREADY_VERIFIED',
  /** 400: the current password given to change the password or email, or to delete the account, is wrong. */
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  /** 400: a password-confirmed action on an account that has no password (made through a provider). */
  NO_PASSWORD: 'NO_PASSWORD',
  /** 409: the last admin deleting their own account. */
  LAST_ADMIN: 'LAST_ADMIN',
  /** 400: an email unsubscribe link that is not genuine or whose account is gone. */
  INVALID_UNSUBSCRIBE_TOKEN: 'INVALID_UNSUBSCRIBE_TOKEN',
  /**
   * 409: a save of a josie or an AI template based on a version that has changed since it was loaded (another
   * tab or person saved first); nothing was written (docs/decisions/0041-edits-carry-their-version.md).
   */
  STALE_VERSION: 'STALE_VERSION',
  /** 400: an AI template called without one of its variables. */
  MISSING_TEMPLATE_VARIABLE: 'MISSING_TEMPLATE_VARIABLE',
  /** 400: the AI provider refused the request (its content policy). */
  AI_REFUSED: 'AI_REFUSED',
  /** 400: an audio provider this server does not know. */
  UNSUPPORTED_PROVIDER: 'UNSUPPORTED_PROVIDER',
  /** 400: a search type the audio provider does not offer. */
  UNSUPPORTED_TYPE: 'UNSUPPORTED_TYPE',
  /** 400: an audio link that names no track, album, playlist or video. */
  INVALID_AUDIO_URL: 'INVALID_AUDIO_URL',
  /**
   * 403: a josie showing a stored file (`/media/...`) that neither its writer nor its creator uploaded
   * (docs/decisions/0036-media-limits-and-provenance.md).
   */
  MEDIA_NOT_OWNED: 'MEDIA_NOT_OWNED',
  /** 400: an audio or video item's picture that is not on its provider's image servers (decision 0036). */
  ARTWORK_HOST_NOT_ALLOWED: 'ARTWORK_HOST_NOT_ALLOWED',
  /** 400: a push subscription whose endpoint is not a known push service (decision 0036). */
  PUSH_SERVICE_NOT_ALLOWED: 'PUSH_SERVICE_NOT_ALLOWED',
  /** 403: commenting on a josie whose creator turned comments off (decision 0046). */
  COMMENTS_CLOSED: 'COMMENTS_CLOSED',
  /** 403: commenting on a josie open to its creator's followers only, without following them (decision 0046). */
  COMMENTS_FOLLOWERS_ONLY: 'COMMENTS_FOLLOWERS_ONLY',
  /** 403: editing a comment more than `COMMENT_LIMITS.editWindowMs` after posting it (decision 0046). */
  EDIT_WINDOW_CLOSED: 'EDIT_WINDOW_CLOSED',
  /** 409: the same text as the author's previous comment on the same josie (decision 0046). */
  DUPLICATE_COMMENT: 'DUPLICATE_COMMENT',
  /** 409: the reporter already has an open report of this target (decision 0047). */
  ALREADY_REPORTED: 'ALREADY_REPORTED',
  /** 400: reporting yourself or your own comment or josie (decision 0047). */
  CANNOT_REPORT_SELF: 'CANNOT_REPORT_SELF',
  /** 400: a moderation action that does not fit the target (removing a josie as a comment...). */
  ACTION_NOT_APPLICABLE: 'ACTION_NOT_APPLICABLE',
  /** 404: the reported target has no open report (already resolved by someone else). */
  NO_OPEN_REPORTS: 'NO_OPEN_REPORTS',
  /** 403: signing in to, or acting as, a suspended account (decision 0047). */
  ACCOUNT_SUSPENDED: 'ACCOUNT_SUSPENDED',
  /** 409: suspending a suspended account, or lifting a suspension that is not there. */
  SUSPENSION_STATE: 'SUSPENSION_STATE',
  /**
   * 403: commenting on the josie, or replying to the comment, of someone who blocked the caller, or following
   * them (docs/decisions/0048-blocking-and-muting.md).
   */
  BLOCKED: 'BLOCKED',
  /** 403: following an account the caller blocked: they unblock it first (decision 0048). */
  YOU_BLOCKED: 'YOU_BLOCKED',
  /** 400: blocking or muting oneself (decision 0048). */
  SELF_BLOCK: 'SELF_BLOCK',
  /** 400: an image link that is not a well-formed http(s) URL. */
  INVALID_IMAGE_URL: 'INVALID_IMAGE_URL',
  // The integrations' errors (docs/product/messages.md#errors-from-the-api); `INTEGRATION_ERROR_CODES` names
  // the same subset.
  /** 401: the provider refused the access token; sign in with the provider again (not a session end). */
  PROVIDER_AUTH: 'PROVIDER_AUTH',
  /** 502: the provider failed or answered something unusable. */
  PROVIDER_ERROR: 'PROVIDER_ERROR',
  /** 503: the provider limits our requests (its 429) or its quota is spent. */
  PROVIDER_RATE_LIMITED: 'PROVIDER_RATE_LIMITED',
  /** 503: the integration has no configuration on this server. */
  NOT_CONFIGURED: 'NOT_CONFIGURED',
  /** 409: disconnecting would leave the account with no way to sign in. */
  LAST_SIGN_IN_METHOD: 'LAST_SIGN_IN_METHOD',
  /** 400: the image URL points to a private, local or otherwise refused address. */
  URL_NOT_ALLOWED: 'URL_NOT_ALLOWED',
  /** 400: the image at the URL could not be downloaded. */
  IMAGE_FETCH_FAILED: 'IMAGE_FETCH_FAILED',
  /** 400: the URL's content (or the upload) is not an image. */
  INVALID_IMAGE: 'INVALID_IMAGE',
  /** 504: the image did not load within the time-out. */
  TIMEOUT: 'TIMEOUT',
} as const;

/** One of {@link ERROR_CODES}' codes. */
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/**
 * Reads a flag with the spec's string semantics (docs/product/rules-and-limits.md#feature-flags):
 * `"true"`/`"false"` as such, any other non-empty string counts as enabled, empty or missing falls back to
 * the default.
 */
export function flagEnabled(key: FlagKey, value: string | null | undefined): boolean {
  const raw =
    value === undefined || value === null || value.trim() === '' ? FLAG_DEFAULTS[key] : value.trim();
  return raw.toLowerCase() !== 'false';
}

/**
 * Josie statuses; unknown statuses display as pending.
 * docs/product/rules-and-limits.md#preferences-and-catalogues. Here with the other zod-free catalogues, so
 * pages that show a status do not load zod (docs/performance.md).
 */
export const JOSIE_STATUSES = ['pending', 'published', 'rejected'] as const;
export type JosieStatus = (typeof JOSIE_STATUSES)[number];
