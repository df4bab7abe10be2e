/**
 * Every API endpoint's method and path, by name: the zod-free half of the endpoint table
 * (docs/decisions/0015-endpoints-in-the-contract.md). The server registers each route from
 * `endpoints.ts` (this table plus schemas and access); the web's typed client (apps/web/src/api/request.ts)
 * builds its URLs from this one, so the web's first pages learn the API's paths without loading zod.
 *
 * Paths use Fastify's `:name` parameters; {@link fillPath} fills them.
 */
import type { Role } from './catalogues.js';

/** HTTP methods the API answers. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint (docs/decisions/0002-route-access-policies.md): `public` (anyone, signed in or
 * not), `authenticated` (any signed-in user) or a list of roles.
 */
export type Access = 'public' | 'authenticated' | readonly Role[];

/**
 * Whether an endpoint's `access` admits a signed-in user of `role` (docs/decisions/0002-route-access-policies.md):
 * `public` and `authenticated` admit every role, a list admits the roles it names. The server's auth plugin
 * enforces it and the users' abilities are derived from it, so the two cannot disagree.
 */
export function accessAllows(access: Access, role: Role): boolean {
  return access === 'public' || access === 'authenticated' || access.includes(role);
}

/** One endpoint's method and path pattern, e.g. `{method: 'GET', path: '/api/josies/:id'}`. */
export interface RouteDef {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
}

/** Roles that review josies: editors and admins approve and reject (docs/product/routes-and-roles.md#roles). */
export const REVIEWER_ROLES = ['editor', 'admin'] as const satisfies readonly Role[];

/** The API's endpoints by name. Grouped as the server's modules are; names are verbs of the product. */
export const ROUTES = {
  // auth
  signup: { method: 'POST', path: '/api/auth/signup' },
  login: { method: 'POST', path: '/api/auth/login' },
  logout: { method: 'POST', path: '/api/auth/logout' },
  authProviders: { method: 'GET', path: '/api/auth/providers' },
  // oauth
  oauthStart: { method: 'GET', path: '/api/auth/:provider' },
  oauthConnect: { method: 'POST', path: '/api/auth/:provider/connect' },
  oauthCallback: { method: 'GET', path: '/api/auth/:provider/callback' },
  authExchange: { method: 'POST', path: '/api/auth/exchange' },
  connectedProviders: { method: 'GET', path: '/api/users/me/providers' },
  disconnectProvider: { method: 'DELETE', path: '/api/users/me/providers/:provider' },
  // account
  updateProfile: { method: 'PUT', path: '/api/users/me/profile' },
  resetPasswordInitiate: { method: 'POST', path: '/api/users/reset-password/initiate' },
  resetPasswordComplete: { method: 'POST', path: '/api/users/reset-password/complete' },
  uploadAvatar: { method: 'POST', path: '/api/users/avatar' },
  uploadHeaderImage: { method: 'POST', path: '/api/users/header-image' },
  verifyEmail: { method: 'POST', path: '/api/users/verify-email' },
  resendVerification: { method: 'POST', path: '/api/users/me/verify-email/resend' },
  changePassword: { method: 'POST', path: '/api/users/me/password' },
  changeEmail: { method: 'POST', path: '/api/users/me/email' },
  confirmEmailChange: { method: 'POST', path: '/api/users/confirm-email' },
  mySessions: { method: 'GET', path: '/api/users/me/sessions' },
  revokeSession: { method: 'DELETE', path: '/api/users/me/sessions/:id' },
  revokeOtherSessions: { method: 'DELETE', path: '/api/users/me/sessions' },
  startExport: { method: 'POST', path: '/api/users/me/export' },
  getExport: { method: 'GET', path: '/api/users/me/export' },
  downloadExport: { method: 'GET', path: '/api/users/me/export/download' },
  requestDeleteLink: { method: 'POST', path: '/api/users/me/delete-link' },
  deleteAccount: { method: 'DELETE', path: '/api/users/me' },
  // users
  me: { method: 'GET', path: '/api/users/me' },
  publicProfile: { method: 'GET', path: '/api/users/:id' },
  curatorsFeed: { method: 'GET', path: '/api/users/curators/feed' },
  follow: { method: 'POST', path: '/api/users/follow/:id' },
  unfollow: { method: 'POST', path: '/api/users/unfollow/:id' },
  recommendedCurators: { method: 'GET', path: '/api/recommendations/curators' },
  setActiveProvider: { method: 'PUT', path: '/api/users/me/active-provider' },
  // discovery
  searchJosies: { method: 'GET', path: '/api/search/josies' },
  searchCurators: { method: 'GET', path: '/api/search/curators' },
  explore: { method: 'GET', path: '/api/explore' },
  exploreGenre: { method: 'GET', path: '/api/explore/genres/:name' },
  // onboarding and preferences
  getOnboarding: { method: 'GET', path: '/api/users/me/onboarding' },
  updateOnboarding: { method: 'PUT', path: '/api/users/me/onboarding' },
  getPreferences: { method: 'GET', path: '/api/users/me/preferences' },
  updatePreferences: { method: 'PUT', path: '/api/users/me/preferences' },
  preferenceOptions: { method: 'GET', path: '/api/preferences/options' },
  updateNotificationSettings: { method: 'PUT', path: '/api/users/me/notification-settings' },
  // josies, feeds, likes, review
  createJosie: { method: 'POST', path: '/api/josies' },
  myJosies: { method: 'GET', path: '/api/josies/my-josies' },
  getJosie: { method: 'GET', path: '/api/josies/:id' },
  updateJosie: { method: 'PUT', path: '/api/josies/:id' },
  deleteJosie: { method: 'DELETE', path: '/api/josies/:id' },
  getFeed: { method: 'GET', path: '/api/josies/feed' },
  getCuratorFeed: { method: 'GET', path: '/api/josies/curator/:curatorId/feed' },
  getSavedFeed: { method: 'GET', path: '/api/josies/saved' },
  toggleLike: { method: 'POST', path: '/api/josies/:id/like' },
  toggleSave: { method: 'POST', path: '/api/josies/:id/save' },
  pendingJosies: { method: 'GET', path: '/api/josies/pending' },
  approveJosie: { method: 'PUT', path: '/api/josies/:id/approve' },
  rejectJosie: { method: 'PUT', path: '/api/josies/:id/reject' },
  // reports and moderation (decision 0047)
  createReport: { method: 'POST', path: '/api/reports' },
  moderationReports: { method: 'GET', path: '/api/moderation/reports' },
  moderationAction: { method: 'POST', path: '/api/moderation/actions' },
  suspendUser: { method: 'POST', path: '/api/admin/users/:id/suspension' },
  liftSuspension: { method: 'DELETE', path: '/api/admin/users/:id/suspension' },
  // the curator studio (decision 0050)
  studioOverview: { method: 'GET', path: '/api/studio/overview' },
  studioJosies: { method: 'GET', path: '/api/studio/josies' },
  studioJosie: { method: 'GET', path: '/api/studio/josies/:id' },
  studioAudience: { method: 'GET', path: '/api/studio/audience' },
  studioPlatform: { method: 'GET', path: '/api/studio/platform' },
  studioCsv: { method: 'GET', path: '/api/studio/export/:table' },
  // comments (decision 0046)
  josieComments: { method: 'GET', path: '/api/josies/:id/comments' },
  createComment: { method: 'POST', path: '/api/josies/:id/comments' },
  commentReplies: { method: 'GET', path: '/api/comments/:id/replies' },
  updateComment: { method: 'PATCH', path: '/api/comments/:id' },
  deleteComment: { method: 'DELETE', path: '/api/comments/:id' },
  setCommentPolicy: { method: 'PUT', path: '/api/josies/:id/comment-policy' },
  // blocking and muting (decision 0048)
  listBlocks: { method: 'GET', path: '/api/blocks' },
  block: { method: 'POST', path: '/api/blocks' },
  unblock: { method: 'DELETE', path: '/api/blocks/:id' },
  listMutes: { method: 'GET', path: '/api/mutes' },
  mute: { method: 'POST', path: '/api/mutes' },
  unmute: { method: 'DELETE', path: '/api/mutes/:id' },
  // share cards (decision 0044)
  josieShareCard: { method: 'GET', path: '/api/josies/:id/share-card/:card' },
  curatorShareCard: { method: 'GET', path: '/api/users/:id/share-card/:card' },
  // embeds
  oembed: { method: 'GET', path: '/api/oembed' },
  // invites
  myInvites: { method: 'GET', path: '/api/invites/my-invites' },
  createInvite: { method: 'POST', path: '/api/invites' },
  disableInvite: { method: 'POST', path: '/api/invites/:id/disable' },
  inviteByCode: { method: 'GET', path: '/api/invites/code/:code' },
  registerInvite: { method: 'POST', path: '/api/invites/code/:code/register' },
  // media and AI
  audioSupportedTypes: { method: 'GET', path: '/api/audio/supported-types/:provider' },
  audioSearch: { method: 'GET', path: '/api/audio/search' },
  audioUrlDetails: { method: 'GET', path: '/api/audio/url-details' },
  audioLinks: { method: 'GET', path: '/api/audio/links' },
  videoSearch: { method: 'GET', path: '/api/video/search' },
  imageProviders: { method: 'GET', path: '/api/images/providers' },
  imageSearch: { method: 'GET', path: '/api/images/search' },
  imageUpload: { method: 'POST', path: '/api/images/upload' },
  imageUploadUrl: { method: 'POST', path: '/api/images/upload-url' },
  getImage: { method: 'GET', path: '/api/images/:id' },
  aiGenerate: { method: 'POST', path: '/api/ai/generate' },
  aiProviders: { method: 'GET', path: '/api/ai/providers' },
  // flags, notifications, site
  getFlags: { method: 'GET', path: '/api/config/flags' },
  setFlag: { method: 'PUT', path: '/api/admin/flags/:key' },
  pushPublicKey: { method: 'GET', path: '/api/push/public-key' },
  subscribePush: { method: 'POST', path: '/api/users/me/push-subscriptions' },
  unsubscribePush: { method: 'DELETE', path: '/api/users/me/push-subscriptions' },
  emailUnsubscribePage: { method: 'GET', path: '/api/notifications/unsubscribe' },
  emailUnsubscribe: { method: 'POST', path: '/api/notifications/unsubscribe' },
  notifications: { method: 'GET', path: '/api/notifications' },
  markNotificationsRead: { method: 'POST', path: '/api/notifications/read' },
  unreadNotificationsCount: { method: 'GET', path: '/api/notifications/unread-count' },
  contact: { method: 'POST', path: '/api/contact' },
  newsletter: { method: 'POST', path: '/api/newsletter' },
  analyticsEvent: { method: 'POST', path: '/api/analytics/events' },
  clientError: { method: 'POST', path: '/api/client-errors' },
  // admin
  adminStats: { method: 'GET', path: '/api/admin/stats' },
  adminUsers: { method: 'GET', path: '/api/admin/users' },
  adminUser: { method: 'GET', path: '/api/admin/users/:id' },
  adminChangeRole: { method: 'PATCH', path: '/api/admin/users/:id' },
  adminDeleteUser: { method: 'DELETE', path: '/api/admin/users/:id' },
  adminTemplates: { method: 'GET', path: '/api/admin/templates' },
  adminUpdateTemplate: { method: 'PUT', path: '/api/admin/templates/:id' },
  adminPreferences: { method: 'GET', path: '/api/admin/preferences' },
  adminAddGenre: { method: 'POST', path: '/api/admin/preferences/genres' },
  adminRemoveGenre: { method: 'DELETE', path: '/api/admin/preferences/genres/:id' },
  adminAddInterest: { method: 'POST', path: '/api/admin/preferences/interests' },
  adminRemoveInterest: { method: 'DELETE', path: '/api/admin/preferences/interests/:id' },
  adminMessages: { method: 'GET', path: '/api/admin/messages' },
  adminLinkResolver: { method: 'GET', path: '/api/admin/link-resolver' },
  adminSecurityEvents: { method: 'GET', path: '/api/admin/security-events' },
} as const satisfies Record<string, RouteDef>;

/** An endpoint's name, e.g. `'getFeed'`. */
export type RouteName = keyof typeof ROUTES;

/** The `:name` parameters of a path pattern, e.g. `'id'` for `/api/josies/:id`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * The path of `pattern` with each `:name` replaced by `params[name]`, URI-encoded (ids, codes and provider
 * names are never meant to add path segments).
 *
 * @throws Error when a parameter of the pattern has no value: a call site's bug, not a user's.
 */
export function fillPath(pattern: string, params: Readonly<Record<string, string | number>> = {}): string {
  return pattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`fillPath: no value for :${name} in ${pattern}`);
    return encodeURIComponent(String(value));
  });
}
