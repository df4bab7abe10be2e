import { describe, expect, it } from 'vitest';
import { createEventBus } from './bus.js';

describe('event bus', () => {
  it('idle() resolves after the listeners in flight, including those a listener started', async () => {
    const errors: string[] = [];
    const bus = createEventBus((_err, event) => errors.push(event));
    const seen: string[] = [];
    bus.subscribe('invite.joined', async ({ userId }) => {
      await new Promise((r) => setTimeout(r, 30));
      seen.push(userId);
      bus.publish('josie.published', { josieId: 'j', creatorId: userId });
    });
    bus.subscribe('josie.published', async ({ josieId }) => {
      await new Promise((r) => setTimeout(r, 30));
      seen.push(josieId);
      throw new Error('logged, not thrown');
    });
    bus.publish('invite.joined', { inviteId: 'i', curatorId: 'c', userId: 'u' });
    await bus.idle();
    expect(seen).toEqual(['u', 'j']);
    expect(errors).toEqual(['josie.published']);
  });
});
