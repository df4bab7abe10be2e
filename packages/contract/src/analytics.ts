/**
 * The app's own analytics events (decision 0010): their names and caps, as plain values without zod (like
 * `catalogues.ts`). The web app's analytics client runs on every first page, so importing these must not
 * bring zod into the first pages' scripts (docs/performance.md); the body's schema is in `site.ts`.
 */

/**
 * The analytics events the web app emits (docs/product/routes-and-roles.md#api; decision 0010), the only
 * names the server accepts. The web's `track()` takes an {@link AnalyticsEventName}, so an event added there
 * must be added here.
 */
export const ANALYTICS_EVENT_NAMES = ['page_view', 'publish_josie', 'approve_josie', 'reject_josie'] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/**
 * Caps of one analytics event (decision 0010), so an anonymous client cannot fill the disk: parameters per
 * event, characters of a parameter name and of a string value, and bytes of the whole request body. The
 * largest event the app sends (`reject_josie` with a 2,000-character Hebrew reason) stays within them.
 */
export const ANALYTICS_LIMITS = {
  maxParams: 16,
  keyMaxLength: 40,
  valueMaxLength: 2000,
  bodyMaxBytes: 8 * 1024,
} as const;
