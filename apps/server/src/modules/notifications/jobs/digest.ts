import { digestMail } from '../../../adapters/mails/index.js';
import type { Job, JobSpec } from '../../../jobs/queue.js';
import type { NotificationJobs } from '../notifier.js';
import { digestJosies, digestRecipientsPage } from '../queries.js';
import type { NotificationJobContext } from './context.js';
import { DAY_S, dayOf } from './context.js';

/** Digest recipients read per statement, and josies listed per digest. */
const DIGEST_PAGE = 500;
const DIGEST_JOSIES = 20;
/** When the digests go: every day at 07:00 UTC; the weekly one with Monday's run (cron). */
export const DIGEST_CRON = '0 7 * * *';

/**
 * `notify.digest` (cron, {@link DIGEST_CRON}): mails the daily readers the new josies of the curators they
 * follow, and on Mondays (UTC) the weekly readers too.
 */
export function digestJob(deps: NotificationJobContext) {
  const { db, jobs, publicUrl, emailJob } = deps;
  /** Mails every reader of `period` whose followed curators published since the period began. */
  async function sendDigests(period: 'daily' | 'weekly', jobId: string) {
    const since = new Date(Date.now() - (period === 'daily' ? 1 : 7) * DAY_S * 1000);
    const stamp = dayOf(new Date());
    let after: string | null = null;
    for (;;) {
      const page = await digestRecipientsPage(db, period, after, DIGEST_PAGE);
      const specs: JobSpec<NotificationJobs>[] = [];
      for (const user of page) {
        const list = await digestJosies(db, user.id, since, DIGEST_JOSIES);
        // Nothing new: no mail.
        if (list.length === 0) continue;
        specs.push(
          emailJob(`digest:${period}:${stamp}:${user.id}`, user.id, (unsubscribe) =>
            digestMail({
              language: user.language,
              name: user.name,
              period,
              josies: list.map((j) => ({ ...j, url: `${publicUrl}/josie/${j.id}` })),
              link: `${publicUrl}/`,
              unsubscribeUrl: unsubscribe,
            }),
          ),
        );
      }
      await jobs.enqueueMany(specs);
      deps.log.info({ jobId, period, mails: specs.length }, 'digest page enqueued');
      if (page.length < DIGEST_PAGE) break;
      after = page[page.length - 1]!.id;
    }
  }

  return async (job: Job<NotificationJobs['notify.digest']>) => {
    const { run } = job.payload;
    if (run !== 'weekly-only') await sendDigests('daily', job.id);
    const monday = new Date().getUTCDay() === 1;
    if (run === 'weekly-only' || (run === 'daily' && monday)) await sendDigests('weekly', job.id);
  };
}
