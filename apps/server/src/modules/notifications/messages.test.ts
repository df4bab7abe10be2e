import { describe, expect, it } from 'vitest';
import {
  followerPush,
  inviteJoinedPush,
  likesPush,
  newJosiePush,
  reviewDecisionPush,
  reviewWaitingPush,
} from './messages.js';

/** A name or title between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE. */
const isolated = (text: string) => `\u2068${text}\u2069`;

describe('push texts isolate names and titles (docs/product/hebrew-glossary.md#directions)', () => {
  it.each(['he', 'en'] as const)('in %s', (language) => {
    const name = language === 'he' ? 'Lior Listener' : 'נועה אוזניים';
    const title = language === 'he' ? 'Night Drive' : 'שירי לילה';
    const texts = [
      newJosiePush(language, { josieId: 'j', title, curatorName: name }),
      likesPush(language, { josieId: 'j', title, likerName: name }),
      reviewWaitingPush(language, { title, curatorName: name }),
    ].map((push) => `${push.title} ${push.body}`);
    for (const text of texts) {
      expect(text).toContain(isolated(name));
      expect(text).toContain(isolated(title));
    }
    expect(followerPush(language, { followerId: 'f', followerName: name }).body).toContain(isolated(name));
    expect(inviteJoinedPush(language, { joinerName: name }).body).toContain(isolated(name));
    const rejected = reviewDecisionPush(language, {
      josieId: 'j',
      title,
      action: 'rejected',
      reason: 'קצר מדי',
    });
    expect(rejected.body).toContain(isolated(title));
    expect(rejected.body).toContain(isolated('קצר מדי'));
  });
});
