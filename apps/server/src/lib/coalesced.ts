/**
 * Wraps `task` so that calls never run it twice at once and never miss a run: a call while no run is going
 * starts one; a call during a run is answered by one more run after it, shared with every other call made
 * during that run. Each call's promise settles with a run that started no earlier than the call, so work the
 * caller made visible before calling is seen by it. For work that reads "everything new so far" (an outbox):
 * a storm of calls costs two runs, not one per call (docs/decisions/0034-a-like-in-one-statement.md).
 *
 * Not a queue: nothing is kept but whether a run is due, so nothing is lost when the process stops that a
 * later run would not find (the outbox's cursor lives in the database). A library queue (p-queue) would do
 * the same with `size === 0` checks around it; these few lines are the whole of it.
 */
export function coalesced(task: () => Promise<void>): () => Promise<void> {
  let current: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const start = () => {
    const run = task().finally(() => {
      if (current === run) current = undefined;
    });
    current = run;
    return run;
  };
  return () => {
    if (next) return next;
    if (!current) return start();
    next = current
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}
