import { z } from 'zod';
import { ANALYTICS_EVENT_NAMES, ANALYTICS_LIMITS, isStudioEvent, STUDIO_EVENT_PARAMS } from './analytics.js';
import { LANGUAGES } from './catalogues.js';
import { Email, text } from './common.js';

/** `POST /api/contact`: stored for admins to read (docs/product/differences.md#placeholders-that-work). */
export const ContactBody = z.object({
  name: text().trim().min(1).max(100),
  email: Email,
  message: text().trim().min(1).max(5000),
});
export type ContactBody = z.infer<typeof ContactBody>;

/** `POST /api/newsletter`: subscribing twice is not an error (docs/product/differences.md#placeholders-that-work). */
export const NewsletterBody = z.object({ email: Email });
export type NewsletterBody = z.infer<typeof NewsletterBody>;

/** `POST /api/analytics/events`: the app's own analytics (docs/product/differences.md#analytics; docs/product/routes-and-roles.md#api; decision 0010). */
export const AnalyticsEventBody = z
  .object({
    name: z.enum(ANALYTICS_EVENT_NAMES),
    params: z
      .record(
        text()
          .max(ANALYTICS_LIMITS.keyMaxLength)
          .regex(/^[a-z][a-z0-9_]*$/, 'Parameter names are snake_case'),
        z.union([text().max(ANALYTICS_LIMITS.valueMaxLength), z.number(), z.boolean(), z.null()]),
      )
      .refine((params) => Object.keys(params).length <= ANALYTICS_LIMITS.maxParams, {
        error: `An event has at most ${ANALYTICS_LIMITS.maxParams} parameters`,
      })
      .default({}),
  })
  .superRefine((event, ctx) => {
    // A studio event must carry its parameters (docs/decisions/0050-curator-studio-counts.md).
    if (!isStudioEvent(event.name)) return;
    for (const [key, kind] of Object.entries(STUDIO_EVENT_PARAMS[event.name])) {
      const value = event.params[key];
      const valid =
        kind === 'uuid'
          ? typeof value === 'string' && z.uuid().safeParse(value).success
          : kind === 'text'
            ? typeof value === 'string' && value.length > 0 && value.length <= 100
            : typeof value === 'string' && (kind as readonly string[]).includes(value);
      if (!valid) ctx.addIssue({ code: 'custom', path: ['params', key], message: `Invalid ${key}` });
    }
  });
export type AnalyticsEventBody = z.infer<typeof AnalyticsEventBody>;

/** What failed in the browser: a page's code that could not be downloaded, or a page that failed to render. */
export const CLIENT_ERROR_KINDS = ['chunk', 'render'] as const;

/**
 * `POST /api/client-errors`: a page that could not be shown, reported by the web app's error screen
 * (decision 0012) so that it reaches the server log. Every field is capped: the body comes from anyone.
 * `route` is the route's pattern (`/curator/:curatorId`), never the visited path with its ids or codes.
 */
export const ClientErrorBody = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS),
  route: text().trim().min(1).max(200),
  message: text().trim().max(500).default(''),
  /** The failed chunk's URL, when the browser named it. */
  url: text().trim().max(500).optional(),
  language: z.enum(LANGUAGES).optional(),
  online: z.boolean().optional(),
});
export type ClientErrorBody = z.infer<typeof ClientErrorBody>;
