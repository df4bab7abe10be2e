import { z } from 'zod';
import { Email, text } from './common.js';

/** `POST /api/contact`: stored for admins to read (DESIGN §9.3). */
export const ContactBody = z.object({
  name: text().trim().min(1).max(100),
  email: Email,
  message: text().trim().min(1).max(5000),
});
export type ContactBody = z.infer<typeof ContactBody>;

/** `POST /api/newsletter`: subscribing twice is not an error (DESIGN §9.3). */
export const NewsletterBody = z.object({ email: Email });
export type NewsletterBody = z.infer<typeof NewsletterBody>;

/** `POST /api/analytics/events`: the app's own analytics (DESIGN §9.11; spec 000 §7). */
export const AnalyticsEventBody = z.object({
  name: text()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9_]+$/),
  params: z.record(text(), z.union([text().max(2000), z.number(), z.boolean(), z.null()])).default({}),
});
export type AnalyticsEventBody = z.infer<typeof AnalyticsEventBody>;
