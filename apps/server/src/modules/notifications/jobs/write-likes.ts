import type { Executor } from '../../../db/client.js';
import type { JobSpec } from '../../../jobs/queue.js';
import { likesPush } from '../messages.js';
import type { LikeCause, NotificationJobs } from '../notifier.js';
import {
  josieSubjects,
  mailRecipients,
  type NotificationGroupWrite,
  writeNotifications,
} from '../queries.js';
import { DAY_S, dayOf, type NotificationJobContext, type Recipient, topicOf } from './context.js';

/** Writes the entries of a group of likes: shared by `notify.likes`, `notify.likes-since` and `notify.caused`. */
export function likesWriter(deps: NotificationJobContext) {
  const { jobs, push, pushJobs, allowed, announce } = deps;
  /**
   * Tells josies' creators about `likes` (docs/decisions/0024-notifications-centre.md), inside `tx`: one
   * entry per josie and UTC day of the like, naming each new liker once; a creator's own like and a josie or
   * account gone since are skipped. Reads everything in two statements and writes every entry in four,
   * whatever the number of likes (docs/decisions/0032-like-notifications-in-batches.md). The day's push goes
   * with the entry that creates its row (keyed per josie and day: one push a day), naming its first liker.
   * @returns what to do once `tx` committed: wake the send jobs' workers and announce the entries.
   */
  return async function writeLikes(tx: Executor, likes: readonly (LikeCause & { at: string })[]) {
    const subjects = await josieSubjects(tx, [...new Set(likes.map((like) => like.josieId))]);
    const people = await mailRecipients(tx, [
      ...new Set([...likes.map((like) => like.likerId), ...[...subjects.values()].map((j) => j.creatorId)]),
    ]);
    const groups = new Map<
      string,
      { josie: { id: string; title: string }; creator: Recipient; day: string; likers: Recipient[] }
    >();
    for (const like of likes) {
      const josie = subjects.get(like.josieId);
      const creator = josie && people.get(josie.creatorId);
      const liker = people.get(like.likerId);
      if (!josie || !creator || !liker || creator.id === liker.id) continue;
      // The day of the like, not of the job's run: a job retried after midnight still groups right.
      const day = dayOf(new Date(like.at));
      const key = `${josie.id}:${day}`;
      const group = groups.get(key) ?? { josie, creator, day, likers: [] };
      if (!group.likers.some((known) => known.id === liker.id)) group.likers.push(liker);
      groups.set(key, group);
    }
    const entries: { write: NotificationGroupWrite; sends: JobSpec<NotificationJobs>[] }[] = [];
    // In-app off: the push goes anyway, deduplicated by its key (the first like of the day).
    const sends: JobSpec<NotificationJobs>[] = [];
    for (const [groupKey, { josie, creator, day, likers }] of groups) {
      const pushes: JobSpec<NotificationJobs>[] = [];
      if (push && allowed(creator, 'likes', 'push')) {
        const payload = likesPush(creator.language, {
          josieId: josie.id,
          title: josie.title,
          likerName: likers[0]!.name,
        });
        const key = `likes:${josie.id}:${day}`;
        const options = { ttlSeconds: DAY_S, topic: topicOf(josie.id) };
        pushes.push(...(await pushJobs(key, creator.id, payload, options, tx)));
      }
      if (!allowed(creator, 'likes', 'inApp')) {
        sends.push(...pushes);
        continue;
      }
      const write = {
        userId: creator.id,
        kind: 'likes' as const,
        groupKey,
        subjectType: 'josie' as const,
        subjectId: josie.id,
        actorIds: likers.map((liker) => liker.id),
      };
      entries.push({ write, sends: pushes });
    }
    // In one order everywhere: two instances' batches then lock the same entries in the same order.
    entries.sort((a, b) => a.write.groupKey.localeCompare(b.write.groupKey));
    const written = await writeNotifications(
      tx,
      entries.map((entry) => entry.write),
    );
    sends.push(...entries.flatMap((entry, i) => (written[i]?.created ? entry.sends : [])));
    await jobs.enqueueMany(sends, tx);
    return async () => {
      for (const name of new Set(sends.map((spec) => spec.name))) jobs.wake(name);
      await announce(
        written.flatMap((w, i) => (w.changed ? [{ id: w.id, userId: entries[i]!.write.userId }] : [])),
      );
    };
  };
}

/** {@link likesWriter}'s answer. @returns what to do once the transaction committed. */
export type LikesWriter = ReturnType<typeof likesWriter>;
