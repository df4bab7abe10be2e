/**
 * The endpoint table: each endpoint of {@link ROUTES} with its schemas (path params, query, body, one
 * response schema per status), who may call it and its OpenAPI grouping
 * (docs/decisions/0015-endpoints-in-the-contract.md). The server registers every `/api` route from here
 * (apps/server/src/lib/route.ts), so the OpenAPI document, the validation and the authorization matrix
 * (docs/decisions/0002-route-access-policies.md) all read the same entry; the web's typed client takes
 * this module's *types* only (it loads zod), and its paths from the zod-free {@link ROUTES}.
 */
import type { z } from 'zod';
import {
  AccountExportResponse,
  AccountSessionsResponse,
  AvatarUploadResponse,
  ChangeEmailBody,
  ChangePasswordBody,
  DeleteAccountBody,
  EmailLinkBody,
  HEADER_IMAGE_ROLES,
  HeaderImageUploadResponse,
  MessageResponse,
  PasswordResetCompleteBody,
  PasswordResetInitiateBody,
  PasswordResetResponse,
  ProfileUpdateBody,
  ProfileUpdateResponse,
  RevokeSessionsResponse,
  SecurityEventsQuery,
  SecurityEventsResponse,
} from './account.js';
import {
  AdminGenreAddResponse,
  AdminGenresResponse,
  AdminIdParams,
  AdminInterestAddResponse,
  AdminInterestsResponse,
  AdminMessagesResponse,
  AdminPreferenceNameBody,
  AdminPreferencesResponse,
  AdminStatsResponse,
  AdminTemplate,
  AdminTemplateBody,
  AdminTemplatesResponse,
  AdminUserDetailResponse,
  AdminUserRoleBody,
  AdminUserRow,
  AdminUsersQuery,
  AdminUsersResponse,
} from './admin.js';
import { AuthProvidersResponse, AuthResponse, LoginBody, SignupBody, SignupResponse } from './auth.js';
import {
  AccountRelationBody,
  AccountRelationResponse,
  AccountRelationsQuery,
  AccountRelationsResponse,
} from './blocks.js';
import {
  CommentCreateBody,
  CommentDeleteResponse,
  CommentPolicyBody,
  CommentPolicyResponse,
  CommentResponse,
  CommentsQuery,
  CommentsResponse,
  CommentUpdateBody,
  RepliesQuery,
  RepliesResponse,
} from './comments.js';
import { IdParams, SuccessResponse } from './common.js';
import {
  ExploreGenreParams,
  ExploreResponse,
  SearchCuratorsQuery,
  SearchCuratorsResponse,
  SearchJosiesQuery,
} from './discovery.js';
import { OembedQuery, OembedResponse } from './embeds.js';
import { FlagParams, FlagsResponse, FlagUpdateBody } from './flags.js';
import {
  AiGenerateBody,
  AiGenerateResponse,
  AiProvidersQuery,
  AiProvidersResponse,
  AudioProviderParams,
  AudioSearchItem,
  AudioSearchQuery,
  AudioSearchResponse,
  AudioUrlDetailsQuery,
  AuthExchangeBody,
  AuthExchangeResponse,
  ConnectedProvidersResponse,
  ImageGetQuery,
  ImageIdParams,
  ImageProvidersResponse,
  ImageSearchItem,
  ImageSearchQuery,
  ImageSearchResponse,
  ImageUploadResponse,
  ImageUploadUrlBody,
  ImageUrlResponse,
  MEDIA_AUTHOR_ROLES,
  OAuthCallbackQuery,
  OAuthConnectBody,
  OAuthConnectResponse,
  OAuthProviderParams,
  OAuthStartQuery,
  SupportedTypesResponse,
  VideoSearchQuery,
  VideoSearchResponse,
} from './integrations.js';
import {
  InviteCodeParams,
  InviteCreateBody,
  InviteLandingResponse,
  InviteListResponse,
  InviteRegisterBody,
  InviteRegisterResponse,
  InviteResponse,
} from './invites.js';
import {
  FeedQuery,
  FeedResponse,
  JosieCreateBody,
  JosieIdParams,
  JosieResponse,
  JosieUpdateBody,
  MyJosiesResponse,
  PendingResponse,
  RejectBody,
} from './josies.js';
import {
  ActiveProviderBody,
  ActiveProviderResponse,
  AudioLinksQuery,
  AudioLinksResponse,
  LinkResolverStatusResponse,
} from './listening.js';
import {
  NotificationsQuery,
  NotificationsReadBody,
  NotificationsResponse,
  UnreadCountResponse,
} from './notifications.js';
import {
  PushPublicKeyResponse,
  PushSubscriptionBody,
  PushUnsubscribeBody,
  UnsubscribeQuery,
} from './push.js';
import {
  ModerationActionBody,
  ModerationActionResponse,
  ModerationQueueQuery,
  ModerationQueueResponse,
  ReportCreateBody,
  ReportResponse,
  SuspendBody,
  SuspensionResponse,
} from './reports.js';
import { type Access, REVIEWER_ROLES, ROUTES, type RouteDef, type RouteName } from './routes.js';
import { ShareCardParams } from './share-cards.js';
import { AnalyticsEventBody, ClientErrorBody, ContactBody, NewsletterBody } from './site.js';
import {
  CuratorIdParams,
  CuratorsFeedQuery,
  CuratorsFeedResponse,
  FollowResponse,
  LikeResponse,
  NotificationSettingsResponse,
  NotificationSettingsUpdateBody,
  OnboardingResponse,
  OnboardingUpdateBody,
  PathIdParams,
  PreferenceOptionsResponse,
  PreferencesResponse,
  PreferencesUpdateBody,
  PublicProfile,
  RecommendationsQuery,
  RecommendationsResponse,
  SaveResponse,
} from './social.js';
import {
  StudioAudienceResponse,
  StudioCsvParams,
  StudioJosieResponse,
  StudioJosiesQuery,
  StudioJosiesResponse,
  StudioOverviewResponse,
  StudioPlatformQuery,
  StudioPlatformResponse,
  StudioQuery,
} from './studio.js';
import { User } from './users.js';

/** What an endpoint adds to its {@link RouteDef}: schemas, access and documentation. */
export interface EndpointSpec {
  /** Who may call it; the server's auth plugin enforces it before validation. */
  readonly access: Access;
  /** OpenAPI tags (the reference at `/api/docs` groups by them). */
  readonly tags: readonly string[];
  /** Request content types other than JSON alone, e.g. multipart uploads. */
  readonly consumes?: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The answer's schema per HTTP status; an endpoint without one answers HTML or a redirect. */
  readonly responses?: Readonly<Record<number, z.ZodType>>;
}

/** One endpoint: method, path, schemas and access. */
export type Endpoint = RouteDef & EndpointSpec;

const endpoint = <const R extends RouteDef, const S extends EndpointSpec>(route: R, spec: S): R & S => ({
  ...route,
  ...spec,
});

const multipartOrJson = ['multipart/form-data', 'application/json'] as const;
const multipart = ['multipart/form-data'] as const;
const adminOnly = ['admin'] as const;
const admin = { access: adminOnly, tags: ['admin'] } as const;
const authors = MEDIA_AUTHOR_ROLES;

/**
 * Every `/api` endpoint by name. A test of the server (apps/server/src/lib/route.test.ts) checks that the
 * live route table is exactly this one, with the same access.
 */
export const endpoints = {
  // auth
  signup: endpoint(ROUTES.signup, {
    access: 'public',
    tags: ['auth'],
    body: SignupBody,
    responses: { 201: SignupResponse },
  }),
  login: endpoint(ROUTES.login, {
    access: 'public',
    tags: ['auth'],
    body: LoginBody,
    responses: { 200: AuthResponse },
  }),
  logout: endpoint(ROUTES.logout, {
    access: 'authenticated',
    tags: ['auth'],
    responses: { 200: SuccessResponse },
  }),
  authProviders: endpoint(ROUTES.authProviders, {
    access: 'public',
    tags: ['auth'],
    responses: { 200: AuthProvidersResponse },
  }),
  // oauth: the start and callback answer redirects
  oauthStart: endpoint(ROUTES.oauthStart, {
    access: 'public',
    tags: ['auth'],
    params: OAuthProviderParams,
    query: OAuthStartQuery,
  }),
  oauthConnect: endpoint(ROUTES.oauthConnect, {
    access: 'authenticated',
    tags: ['auth'],
    params: OAuthProviderParams,
    body: OAuthConnectBody,
    responses: { 200: OAuthConnectResponse },
  }),
  oauthCallback: endpoint(ROUTES.oauthCallback, {
    access: 'public',
    tags: ['auth'],
    params: OAuthProviderParams,
    query: OAuthCallbackQuery,
  }),
  authExchange: endpoint(ROUTES.authExchange, {
    access: 'public',
    tags: ['auth'],
    body: AuthExchangeBody,
    responses: { 200: AuthExchangeResponse },
  }),
  connectedProviders: endpoint(ROUTES.connectedProviders, {
    access: 'authenticated',
    tags: ['users'],
    responses: { 200: ConnectedProvidersResponse },
  }),
  disconnectProvider: endpoint(ROUTES.disconnectProvider, {
    access: 'authenticated',
    tags: ['users'],
    params: OAuthProviderParams,
    responses: { 200: ConnectedProvidersResponse },
  }),
  // account
  updateProfile: endpoint(ROUTES.updateProfile, {
    access: 'authenticated',
    tags: ['account'],
    body: ProfileUpdateBody,
    responses: { 200: ProfileUpdateResponse },
  }),
  resetPasswordInitiate: endpoint(ROUTES.resetPasswordInitiate, {
    access: 'public',
    tags: ['account'],
    body: PasswordResetInitiateBody,
    responses: { 200: PasswordResetResponse },
  }),
  resetPasswordComplete: endpoint(ROUTES.resetPasswordComplete, {
    access: 'public',
    tags: ['account'],
    body: PasswordResetCompleteBody,
    responses: { 200: PasswordResetResponse },
  }),
  uploadAvatar: endpoint(ROUTES.uploadAvatar, {
    access: 'authenticated',
    tags: ['account'],
    consumes: multipart,
    responses: { 200: AvatarUploadResponse },
  }),
  uploadHeaderImage: endpoint(ROUTES.uploadHeaderImage, {
    access: HEADER_IMAGE_ROLES,
    tags: ['account'],
    consumes: multipart,
    responses: { 200: HeaderImageUploadResponse },
  }),
  // your account, your data (docs/decisions/0025-account-and-data.md)
  verifyEmail: endpoint(ROUTES.verifyEmail, {
    access: 'public',
    tags: ['account'],
    body: EmailLinkBody,
    responses: { 200: MessageResponse },
  }),
  resendVerification: endpoint(ROUTES.resendVerification, {
    access: 'authenticated',
    tags: ['account'],
    responses: { 200: MessageResponse },
  }),
  changePassword: endpoint(ROUTES.changePassword, {
    access: 'authenticated',
    tags: ['account'],
    body: ChangePasswordBody,
    responses: { 200: MessageResponse },
  }),
  changeEmail: endpoint(ROUTES.changeEmail, {
    access: 'authenticated',
    tags: ['account'],
    body: ChangeEmailBody,
    responses: { 200: MessageResponse },
  }),
  confirmEmailChange: endpoint(ROUTES.confirmEmailChange, {
    access: 'public',
    tags: ['account'],
    body: EmailLinkBody,
    responses: { 200: MessageResponse },
  }),
  mySessions: endpoint(ROUTES.mySessions, {
    access: 'authenticated',
    tags: ['account'],
    responses: { 200: AccountSessionsResponse },
  }),
  revokeSession: endpoint(ROUTES.revokeSession, {
    access: 'authenticated',
    tags: ['account'],
    params: IdParams,
    responses: { 200: SuccessResponse },
  }),
  revokeOtherSessions: endpoint(ROUTES.revokeOtherSessions, {
    access: 'authenticated',
    tags: ['account'],
    responses: { 200: RevokeSessionsResponse },
  }),
  startExport: endpoint(ROUTES.startExport, {
    access: 'authenticated',
    tags: ['account'],
    responses: { 202: AccountExportResponse },
  }),
  getExport: endpoint(ROUTES.getExport, {
    access: 'authenticated',
    tags: ['account'],
    responses: { 200: AccountExportResponse },
  }),
  // The zip itself (application/zip), for the export's owner only.
  downloadExport: endpoint(ROUTES.downloadExport, { access: 'authenticated', tags: ['account'] }),
  requestDeleteLink: endpoint(ROUTES.requestDeleteLink, {
    access: 'authenticated',
    tags: ['account'],
    responses: { 200: MessageResponse },
  }),
  deleteAccount: endpoint(ROUTES.deleteAccount, {
    access: 'authenticated',
    tags: ['account'],
    body: DeleteAccountBody,
    responses: { 200: SuccessResponse },
  }),
  // users
  me: endpoint(ROUTES.me, { access: 'authenticated', tags: ['users'], responses: { 200: User } }),
  // A curator's profile, feed and suggestions are public pages; a listener's profile stays for signed-in
  // users (docs/decisions/0045-public-curator-profiles.md).
  publicProfile: endpoint(ROUTES.publicProfile, {
    access: 'public',
    tags: ['users'],
    params: PathIdParams,
    responses: { 200: PublicProfile },
  }),
  curatorsFeed: endpoint(ROUTES.curatorsFeed, {
    access: 'public',
    tags: ['curators'],
    query: CuratorsFeedQuery,
    responses: { 200: CuratorsFeedResponse },
  }),
  follow: endpoint(ROUTES.follow, {
    access: 'authenticated',
    tags: ['follows'],
    params: PathIdParams,
    responses: { 200: FollowResponse },
  }),
  unfollow: endpoint(ROUTES.unfollow, {
    access: 'authenticated',
    tags: ['follows'],
    params: PathIdParams,
    responses: { 200: FollowResponse },
  }),
  // Public for the curator profile's suggestions (decision 0045): a visitor's draw has no follows or genres.
  recommendedCurators: endpoint(ROUTES.recommendedCurators, {
    access: 'public',
    tags: ['recommendations'],
    query: RecommendationsQuery,
    responses: { 200: RecommendationsResponse },
  }),
  setActiveProvider: endpoint(ROUTES.setActiveProvider, {
    access: 'authenticated',
    tags: ['users'],
    body: ActiveProviderBody,
    responses: { 200: ActiveProviderResponse },
  }),
  // discovery (docs/decisions/0021-search-in-postgresql.md): public reads, rate-limited like the others
  searchJosies: endpoint(ROUTES.searchJosies, {
    access: 'public',
    tags: ['discovery'],
    query: SearchJosiesQuery,
    responses: { 200: FeedResponse },
  }),
  searchCurators: endpoint(ROUTES.searchCurators, {
    access: 'public',
    tags: ['discovery'],
    query: SearchCuratorsQuery,
    responses: { 200: SearchCuratorsResponse },
  }),
  explore: endpoint(ROUTES.explore, {
    access: 'public',
    tags: ['discovery'],
    responses: { 200: ExploreResponse },
  }),
  exploreGenre: endpoint(ROUTES.exploreGenre, {
    access: 'public',
    tags: ['discovery'],
    params: ExploreGenreParams,
    query: FeedQuery,
    responses: { 200: FeedResponse },
  }),
  // onboarding and preferences
  getOnboarding: endpoint(ROUTES.getOnboarding, {
    access: 'authenticated',
    tags: ['onboarding'],
    responses: { 200: OnboardingResponse },
  }),
  updateOnboarding: endpoint(ROUTES.updateOnboarding, {
    access: 'authenticated',
    tags: ['onboarding'],
    body: OnboardingUpdateBody,
    responses: { 200: OnboardingResponse },
  }),
  getPreferences: endpoint(ROUTES.getPreferences, {
    access: 'authenticated',
    tags: ['preferences'],
    responses: { 200: PreferencesResponse },
  }),
  updatePreferences: endpoint(ROUTES.updatePreferences, {
    access: 'authenticated',
    tags: ['preferences'],
    body: PreferencesUpdateBody,
    responses: { 200: PreferencesResponse },
  }),
  preferenceOptions: endpoint(ROUTES.preferenceOptions, {
    access: 'public',
    tags: ['preferences'],
    responses: { 200: PreferenceOptionsResponse },
  }),
  updateNotificationSettings: endpoint(ROUTES.updateNotificationSettings, {
    access: 'authenticated',
    tags: ['preferences'],
    body: NotificationSettingsUpdateBody,
    responses: { 200: NotificationSettingsResponse },
  }),
  // josies
  createJosie: endpoint(ROUTES.createJosie, {
    access: ['curator'],
    tags: ['josies'],
    consumes: multipartOrJson,
    body: JosieCreateBody,
    responses: { 201: JosieResponse },
  }),
  myJosies: endpoint(ROUTES.myJosies, {
    access: ['curator'],
    tags: ['josies'],
    responses: { 200: MyJosiesResponse },
  }),
  getJosie: endpoint(ROUTES.getJosie, {
    access: 'public',
    tags: ['josies'],
    params: JosieIdParams,
    responses: { 200: JosieResponse },
  }),
  // A share card's PNG (image/png, immutable), for anyone while it is the current card of a published
  // josie or of a curator who has published (decision 0044).
  josieShareCard: endpoint(ROUTES.josieShareCard, {
    access: 'public',
    tags: ['josies'],
    params: ShareCardParams,
  }),
  curatorShareCard: endpoint(ROUTES.curatorShareCard, {
    access: 'public',
    tags: ['users'],
    params: ShareCardParams,
  }),
  updateJosie: endpoint(ROUTES.updateJosie, {
    access: 'authenticated',
    tags: ['josies'],
    consumes: multipartOrJson,
    params: JosieIdParams,
    body: JosieUpdateBody,
    responses: { 200: JosieResponse },
  }),
  deleteJosie: endpoint(ROUTES.deleteJosie, {
    access: 'authenticated',
    tags: ['josies'],
    params: JosieIdParams,
    responses: { 200: SuccessResponse },
  }),
  // embeds (docs/decisions/0043-embeds.md): answers 501 for `format=xml`
  oembed: endpoint(ROUTES.oembed, {
    access: 'public',
    tags: ['embeds'],
    query: OembedQuery,
    responses: { 200: OembedResponse },
  }),
  // feeds, likes, review
  getFeed: endpoint(ROUTES.getFeed, {
    access: 'authenticated',
    tags: ['feed'],
    query: FeedQuery,
    responses: { 200: FeedResponse },
  }),
  // A curator's published josies, for visitors too (decision 0045).
  getCuratorFeed: endpoint(ROUTES.getCuratorFeed, {
    access: 'public',
    tags: ['feed'],
    params: CuratorIdParams,
    query: FeedQuery,
    responses: { 200: FeedResponse },
  }),
  getSavedFeed: endpoint(ROUTES.getSavedFeed, {
    access: 'authenticated',
    tags: ['feed'],
    query: FeedQuery,
    responses: { 200: FeedResponse },
  }),
  toggleLike: endpoint(ROUTES.toggleLike, {
    access: 'authenticated',
    tags: ['likes'],
    params: PathIdParams,
    responses: { 200: LikeResponse },
  }),
  toggleSave: endpoint(ROUTES.toggleSave, {
    access: 'authenticated',
    tags: ['likes'],
    params: PathIdParams,
    responses: { 200: SaveResponse },
  }),
  // The curator studio (decision 0050): curators, editors and admins; the service lets an admin read any
  // curator's (`curatorId`) and refuses anyone else's with 403. All 404 `FEATURE_DISABLED` while `studio` is off.
  studioOverview: endpoint(ROUTES.studioOverview, {
    access: authors,
    tags: ['studio'],
    query: StudioQuery,
    responses: { 200: StudioOverviewResponse },
  }),
  studioJosies: endpoint(ROUTES.studioJosies, {
    access: authors,
    tags: ['studio'],
    query: StudioJosiesQuery,
    responses: { 200: StudioJosiesResponse },
  }),
  studioJosie: endpoint(ROUTES.studioJosie, {
    access: authors,
    tags: ['studio'],
    params: PathIdParams,
    query: StudioQuery,
    responses: { 200: StudioJosieResponse },
  }),
  studioAudience: endpoint(ROUTES.studioAudience, {
    access: authors,
    tags: ['studio'],
    query: StudioQuery,
    responses: { 200: StudioAudienceResponse },
  }),
  studioPlatform: endpoint(ROUTES.studioPlatform, {
    access: adminOnly,
    tags: ['studio'],
    query: StudioPlatformQuery,
    responses: { 200: StudioPlatformResponse },
  }),
  /** Answers `text/csv` (streamed), so no JSON response schema. */
  studioCsv: endpoint(ROUTES.studioCsv, {
    access: authors,
    tags: ['studio'],
    params: StudioCsvParams,
    query: StudioQuery,
  }),
  // Comments (decision 0046): read by visitors too, written by signed-in users with a verified email; all
  // of them 404 `FEATURE_DISABLED` while the `comments` flag is off. Ownership (edit: the author; delete:
  // the author, the josie's creator, a reviewer; the policy: the josie's creator) is the service's rule.
  josieComments: endpoint(ROUTES.josieComments, {
    access: 'public',
    tags: ['comments'],
    params: PathIdParams,
    query: CommentsQuery,
    responses: { 200: CommentsResponse },
  }),
  createComment: endpoint(ROUTES.createComment, {
    access: 'authenticated',
    tags: ['comments'],
    params: PathIdParams,
    body: CommentCreateBody,
    responses: { 201: CommentResponse },
  }),
  commentReplies: endpoint(ROUTES.commentReplies, {
    access: 'public',
    tags: ['comments'],
    params: PathIdParams,
    query: RepliesQuery,
    responses: { 200: RepliesResponse },
  }),
  updateComment: endpoint(ROUTES.updateComment, {
    access: 'authenticated',
    tags: ['comments'],
    params: PathIdParams,
    body: CommentUpdateBody,
    responses: { 200: CommentResponse },
  }),
  deleteComment: endpoint(ROUTES.deleteComment, {
    access: 'authenticated',
    tags: ['comments'],
    params: PathIdParams,
    responses: { 200: CommentDeleteResponse },
  }),
  setCommentPolicy: endpoint(ROUTES.setCommentPolicy, {
    access: authors,
    tags: ['comments'],
    params: PathIdParams,
    body: CommentPolicyBody,
    responses: { 200: CommentPolicyResponse },
  }),
  // Reports and moderation (decision 0047): anyone signed in reports; editors and admins work the queue;
  // suspending is an admin's (the service refuses an editor's `suspend` action with 403).
  createReport: endpoint(ROUTES.createReport, {
    access: 'authenticated',
    tags: ['moderation'],
    body: ReportCreateBody,
    responses: { 201: ReportResponse },
  }),
  moderationReports: endpoint(ROUTES.moderationReports, {
    access: REVIEWER_ROLES,
    tags: ['moderation'],
    query: ModerationQueueQuery,
    responses: { 200: ModerationQueueResponse },
  }),
  moderationAction: endpoint(ROUTES.moderationAction, {
    access: REVIEWER_ROLES,
    tags: ['moderation'],
    body: ModerationActionBody,
    responses: { 200: ModerationActionResponse },
  }),
  suspendUser: endpoint(ROUTES.suspendUser, {
    ...admin,
    params: IdParams,
    body: SuspendBody,
    responses: { 200: SuspensionResponse },
  }),
  liftSuspension: endpoint(ROUTES.liftSuspension, {
    ...admin,
    params: IdParams,
    responses: { 200: SuspensionResponse },
  }),
  // Blocking and muting (decision 0048): the caller's own lists, whatever their role. Blocking ends follows
  // both ways and refuses the blocked account's comments and follows; muting hides comments for the caller.
  listBlocks: endpoint(ROUTES.listBlocks, {
    access: 'authenticated',
    tags: ['blocks'],
    query: AccountRelationsQuery,
    responses: { 200: AccountRelationsResponse },
  }),
  block: endpoint(ROUTES.block, {
    access: 'authenticated',
    tags: ['blocks'],
    body: AccountRelationBody,
    responses: { 200: AccountRelationResponse },
  }),
  unblock: endpoint(ROUTES.unblock, {
    access: 'authenticated',
    tags: ['blocks'],
    params: PathIdParams,
    responses: { 200: AccountRelationResponse },
  }),
  listMutes: endpoint(ROUTES.listMutes, {
    access: 'authenticated',
    tags: ['blocks'],
    query: AccountRelationsQuery,
    responses: { 200: AccountRelationsResponse },
  }),
  mute: endpoint(ROUTES.mute, {
    access: 'authenticated',
    tags: ['blocks'],
    body: AccountRelationBody,
    responses: { 200: AccountRelationResponse },
  }),
  unmute: endpoint(ROUTES.unmute, {
    access: 'authenticated',
    tags: ['blocks'],
    params: PathIdParams,
    responses: { 200: AccountRelationResponse },
  }),
  pendingJosies: endpoint(ROUTES.pendingJosies, {
    access: REVIEWER_ROLES,
    tags: ['review'],
    responses: { 200: PendingResponse },
  }),
  approveJosie: endpoint(ROUTES.approveJosie, {
    access: REVIEWER_ROLES,
    tags: ['review'],
    params: JosieIdParams,
    responses: { 200: JosieResponse },
  }),
  rejectJosie: endpoint(ROUTES.rejectJosie, {
    access: REVIEWER_ROLES,
    tags: ['review'],
    params: JosieIdParams,
    body: RejectBody,
    responses: { 200: JosieResponse },
  }),
  // invites
  myInvites: endpoint(ROUTES.myInvites, {
    access: ['curator'],
    tags: ['invites'],
    responses: { 200: InviteListResponse },
  }),
  createInvite: endpoint(ROUTES.createInvite, {
    access: ['curator'],
    tags: ['invites'],
    body: InviteCreateBody,
    responses: { 201: InviteResponse },
  }),
  disableInvite: endpoint(ROUTES.disableInvite, {
    access: 'authenticated',
    tags: ['invites'],
    params: IdParams,
    responses: { 200: InviteResponse },
  }),
  inviteByCode: endpoint(ROUTES.inviteByCode, {
    access: 'public',
    tags: ['invites'],
    params: InviteCodeParams,
    responses: { 200: InviteLandingResponse },
  }),
  registerInvite: endpoint(ROUTES.registerInvite, {
    access: 'authenticated',
    tags: ['invites'],
    params: InviteCodeParams,
    body: InviteRegisterBody,
    responses: { 200: InviteRegisterResponse },
  }),
  // media and AI
  audioSupportedTypes: endpoint(ROUTES.audioSupportedTypes, {
    access: 'public',
    tags: ['audio'],
    params: AudioProviderParams,
    responses: { 200: SupportedTypesResponse },
  }),
  audioSearch: endpoint(ROUTES.audioSearch, {
    access: authors,
    tags: ['audio'],
    query: AudioSearchQuery,
    responses: { 200: AudioSearchResponse },
  }),
  audioUrlDetails: endpoint(ROUTES.audioUrlDetails, {
    access: authors,
    tags: ['audio'],
    query: AudioUrlDetailsQuery,
    responses: { 200: AudioSearchItem },
  }),
  audioLinks: endpoint(ROUTES.audioLinks, {
    access: authors,
    tags: ['audio'],
    query: AudioLinksQuery,
    responses: { 200: AudioLinksResponse },
  }),
  videoSearch: endpoint(ROUTES.videoSearch, {
    access: authors,
    tags: ['video'],
    query: VideoSearchQuery,
    responses: { 200: VideoSearchResponse },
  }),
  imageProviders: endpoint(ROUTES.imageProviders, {
    access: authors,
    tags: ['images'],
    responses: { 200: ImageProvidersResponse },
  }),
  imageSearch: endpoint(ROUTES.imageSearch, {
    access: authors,
    tags: ['images'],
    query: ImageSearchQuery,
    responses: { 200: ImageSearchResponse },
  }),
  imageUpload: endpoint(ROUTES.imageUpload, {
    access: authors,
    tags: ['images'],
    consumes: multipart,
    responses: { 201: ImageUploadResponse },
  }),
  imageUploadUrl: endpoint(ROUTES.imageUploadUrl, {
    access: authors,
    tags: ['images'],
    body: ImageUploadUrlBody,
    responses: { 201: ImageUrlResponse },
  }),
  getImage: endpoint(ROUTES.getImage, {
    access: authors,
    tags: ['images'],
    params: ImageIdParams,
    query: ImageGetQuery,
    responses: { 200: ImageSearchItem },
  }),
  // Declared public: the route's own check answers a visitor 'Authentication required'
  // (docs/product/routes-and-roles.md#roles) and admits the media authors only.
  aiGenerate: endpoint(ROUTES.aiGenerate, {
    access: 'public',
    tags: ['ai'],
    body: AiGenerateBody,
    responses: { 200: AiGenerateResponse },
  }),
  aiProviders: endpoint(ROUTES.aiProviders, {
    access: 'authenticated',
    tags: ['ai'],
    query: AiProvidersQuery,
    responses: { 200: AiProvidersResponse },
  }),
  // flags, notifications, site
  getFlags: endpoint(ROUTES.getFlags, {
    access: 'public',
    tags: ['flags'],
    responses: { 200: FlagsResponse },
  }),
  setFlag: endpoint(ROUTES.setFlag, {
    access: adminOnly,
    tags: ['admin', 'flags'],
    params: FlagParams,
    body: FlagUpdateBody,
    responses: { 200: FlagsResponse },
  }),
  pushPublicKey: endpoint(ROUTES.pushPublicKey, {
    access: 'public',
    tags: ['notifications'],
    responses: { 200: PushPublicKeyResponse },
  }),
  subscribePush: endpoint(ROUTES.subscribePush, {
    access: 'authenticated',
    tags: ['notifications'],
    body: PushSubscriptionBody,
    responses: { 201: SuccessResponse },
  }),
  unsubscribePush: endpoint(ROUTES.unsubscribePush, {
    access: 'authenticated',
    tags: ['notifications'],
    body: PushUnsubscribeBody,
    responses: { 200: SuccessResponse },
  }),
  // The email's one-click links: both answer an HTML page.
  emailUnsubscribePage: endpoint(ROUTES.emailUnsubscribePage, {
    access: 'public',
    tags: ['notifications'],
    query: UnsubscribeQuery,
  }),
  emailUnsubscribe: endpoint(ROUTES.emailUnsubscribe, {
    access: 'public',
    tags: ['notifications'],
    query: UnsubscribeQuery,
  }),
  // the notifications centre (docs/decisions/0024-notifications-centre.md)
  notifications: endpoint(ROUTES.notifications, {
    access: 'authenticated',
    tags: ['notifications'],
    query: NotificationsQuery,
    responses: { 200: NotificationsResponse },
  }),
  markNotificationsRead: endpoint(ROUTES.markNotificationsRead, {
    access: 'authenticated',
    tags: ['notifications'],
    body: NotificationsReadBody,
    responses: { 200: UnreadCountResponse },
  }),
  unreadNotificationsCount: endpoint(ROUTES.unreadNotificationsCount, {
    access: 'authenticated',
    tags: ['notifications'],
    responses: { 200: UnreadCountResponse },
  }),
  contact: endpoint(ROUTES.contact, {
    access: 'public',
    tags: ['site'],
    body: ContactBody,
    responses: { 201: SuccessResponse },
  }),
  newsletter: endpoint(ROUTES.newsletter, {
    access: 'public',
    tags: ['site'],
    body: NewsletterBody,
    responses: { 200: SuccessResponse },
  }),
  analyticsEvent: endpoint(ROUTES.analyticsEvent, {
    access: 'public',
    tags: ['analytics'],
    body: AnalyticsEventBody,
    responses: { 202: SuccessResponse },
  }),
  clientError: endpoint(ROUTES.clientError, {
    access: 'public',
    tags: ['site'],
    body: ClientErrorBody,
    responses: { 202: SuccessResponse },
  }),
  // admin
  adminStats: endpoint(ROUTES.adminStats, { ...admin, responses: { 200: AdminStatsResponse } }),
  adminUsers: endpoint(ROUTES.adminUsers, {
    ...admin,
    query: AdminUsersQuery,
    responses: { 200: AdminUsersResponse },
  }),
  adminUser: endpoint(ROUTES.adminUser, {
    ...admin,
    params: AdminIdParams,
    responses: { 200: AdminUserDetailResponse },
  }),
  adminChangeRole: endpoint(ROUTES.adminChangeRole, {
    ...admin,
    params: AdminIdParams,
    body: AdminUserRoleBody,
    responses: { 200: AdminUserRow },
  }),
  adminDeleteUser: endpoint(ROUTES.adminDeleteUser, {
    ...admin,
    params: AdminIdParams,
    responses: { 200: SuccessResponse },
  }),
  adminTemplates: endpoint(ROUTES.adminTemplates, { ...admin, responses: { 200: AdminTemplatesResponse } }),
  adminUpdateTemplate: endpoint(ROUTES.adminUpdateTemplate, {
    ...admin,
    params: AdminIdParams,
    body: AdminTemplateBody,
    responses: { 200: AdminTemplate },
  }),
  adminPreferences: endpoint(ROUTES.adminPreferences, {
    ...admin,
    responses: { 200: AdminPreferencesResponse },
  }),
  adminAddGenre: endpoint(ROUTES.adminAddGenre, {
    ...admin,
    body: AdminPreferenceNameBody,
    responses: { 200: AdminGenreAddResponse, 201: AdminGenreAddResponse },
  }),
  adminRemoveGenre: endpoint(ROUTES.adminRemoveGenre, {
    ...admin,
    params: AdminIdParams,
    responses: { 200: AdminGenresResponse },
  }),
  adminAddInterest: endpoint(ROUTES.adminAddInterest, {
    ...admin,
    body: AdminPreferenceNameBody,
    responses: { 200: AdminInterestAddResponse, 201: AdminInterestAddResponse },
  }),
  adminRemoveInterest: endpoint(ROUTES.adminRemoveInterest, {
    ...admin,
    params: AdminIdParams,
    responses: { 200: AdminInterestsResponse },
  }),
  adminMessages: endpoint(ROUTES.adminMessages, { ...admin, responses: { 200: AdminMessagesResponse } }),
  adminLinkResolver: endpoint(ROUTES.adminLinkResolver, {
    ...admin,
    responses: { 200: LinkResolverStatusResponse },
  }),
  adminSecurityEvents: endpoint(ROUTES.adminSecurityEvents, {
    ...admin,
    query: SecurityEventsQuery,
    responses: { 200: SecurityEventsResponse },
  }),
} as const satisfies { readonly [N in RouteName]: Endpoint };

/** The endpoint table's type, for type-only imports (the web's typed client). */
export type Endpoints = typeof endpoints;

/** The first 2xx response schema's output of endpoint `N`, or `unknown` for HTML and redirects. */
export type EndpointAnswer<N extends RouteName> = Endpoints[N] extends { responses: infer R }
  ? R[Extract<keyof R, 200 | 201 | 202>] extends infer S
    ? S extends z.ZodType
      ? z.output<S>
      : unknown
    : unknown
  : unknown;

/** The input (before parsing) of part `K` of endpoint `N`, or `undefined` when it has none. */
export type EndpointInput<N extends RouteName, K extends 'params' | 'query' | 'body'> = Endpoints[N] extends {
  [P in K]: infer S;
}
  ? S extends z.ZodType
    ? z.input<S>
    : undefined
  : undefined;
