import type { StudioServerEvent } from './events.js';

/**
 * The domain events the studio counts (docs/decisions/0050-curator-studio-counts.md): each becomes one
 * server event in `analytics_events` after the action's commit, which the rollup adds to the josie's and
 * the curator's days. `record` is the site module's (the table's owner); a failure is logged, never the
 * action's.
 */
export function studioListeners(deps: {
  record: (name: StudioServerEvent, params: Record<string, string>) => Promise<void>;
  log: { warn(obj: object, msg: string): void };
}) {
  const { record, log } = deps;
  const safely = (name: StudioServerEvent, params: Record<string, string>) =>
    record(name, params).catch((error: unknown) =>
      log.warn({ err: error, name }, 'studio event not recorded'),
    );
  return {
    likeAdded: ({ josieId }: { josieId: string }) => void safely('josie_like', { josie_id: josieId }),
    saveAdded: ({ josieId }: { josieId: string }) => void safely('josie_save', { josie_id: josieId }),
    commentAdded: ({ josieId }: { josieId: string }) => void safely('josie_comment', { josie_id: josieId }),
    followChanged: ({ curatorId, following }: { curatorId: string; following: boolean }) =>
      void safely(following ? 'follow_gained' : 'follow_lost', { curator_id: curatorId }),
    inviteJoined: ({ inviteId, curatorId }: { inviteId: string; curatorId: string }) =>
      void safely('invite_joined', { curator_id: curatorId, invite_id: inviteId }),
  };
}
