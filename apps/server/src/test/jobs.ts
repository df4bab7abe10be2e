import type { Database } from '../db/client.js';

/**
 * One job of the app's queue as tests look at it: pg-boss's row (decision 0018) in the words of the app's
 * queue API. `state` is `queued` for a job waiting for its first run or for a retry.
 */
export interface JobRow {
  id: string;
  name: string;
  key: string | null;
  payload: unknown;
  state: 'queued' | 'active' | 'completed' | 'failed' | 'cancelled';
  /** Attempts started so far. */
  attempts: number;
  /** `Name: message` of the last failure while the job waits for a retry or has failed, else null. */
  lastError: string | null;
  runAt: Date;
  finishedAt: Date | null;
}

/**
 * The jobs named `name` (an SQL `like` pattern) whose payload field `field` is `value` when given, oldest
 * first; archived jobs are not listed.
 */
export async function jobRows(
  database: Pick<Database, 'sql'>,
  name: string,
  payload?: { field: string; value: string },
): Promise<JobRow[]> {
  const { rows } = await database.sql.executeSql(
    `select id, name, singleton_key as key, data as payload,
            case when state in ('created', 'retry') then 'queued' else state::text end as state,
            case when started_on is null then 0 else retry_count + 1 end as attempts,
            case when state in ('retry', 'failed') and output ? 'message'
              then concat(output->>'name', ': ', output->>'message') end as "lastError",
            start_after as "runAt", completed_on as "finishedAt"
       from pgboss.job
      where name like $1 and ($2::text is null or data->>$2 = $3)
      order by created_on, start_after`,
    [name, payload?.field ?? null, payload?.value ?? null],
  );
  return rows as JobRow[];
}
