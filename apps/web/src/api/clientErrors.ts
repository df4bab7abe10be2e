import type { ClientErrorBody } from '@josie/contract';
import { urlFor } from './request';

/** The server's endpoint for the pages the app could not show (decision 0012). */
export const CLIENT_ERRORS_URL = urlFor('clientError');

/** Caps of the contract's `ClientErrorBody` (characters), applied here so a long message is cut, not refused. */
const MESSAGE_MAX = 500;
const URL_MAX = 500;

/**
 * Sends a report of a page that could not be shown to the server's log (`POST /api/client-errors`). Never
 * throws: a report that cannot be sent (offline, rate-limited) is dropped. `keepalive`, so a report sent
 * just before the page reloads still goes out. A plain `fetch` without the session: the report is public
 * and must not wait for, or fail with, the signed-in user's token.
 */
export function reportClientError(report: ClientErrorBody): void {
  const body: ClientErrorBody = {
    ...report,
    message: report.message.slice(0, MESSAGE_MAX),
    ...(report.url ? { url: report.url.slice(0, URL_MAX) } : {}),
  };
  try {
    void fetch(CLIENT_ERRORS_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // No fetch (an old browser or a test environment without one): nothing to report with.
  }
}
