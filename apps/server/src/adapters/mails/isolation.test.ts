import { describe, expect, it } from 'vitest';
import {
  digestMail,
  followerMail,
  passwordChangedMail,
  reviewDecisionMail,
  reviewWaitingMail,
  signupAttemptMail,
} from './index.js';

/** A name or title between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE. */
const isolated = (text: string) => `\u2068${text}\u2069`;

const common = { link: 'https://josie.example/x', unsubscribeUrl: 'https://josie.example/u' };

describe('mails isolate names and titles (docs/product/hebrew-glossary.md#directions)', () => {
  it.each([
    ['he', 'Lior Listener', 'Night Drive'],
    ['en', 'נועה אוזניים', 'שירי לילה'],
  ] as const)('in %s', (language, name, title) => {
    const mails = [
      followerMail({ ...common, language, name: 'Dana', followerName: name }),
      reviewWaitingMail({ ...common, language, name: 'Dana', curatorName: name, title }),
      digestMail({
        ...common,
        language,
        name: 'Dana',
        period: 'daily',
        josies: [{ title, curatorName: name, url: 'https://josie.example/j' }],
      }),
      signupAttemptMail({ language, name, signInLink: common.link, resetLink: 'https://josie.example/r' }),
      passwordChangedMail({ language, name, how: 'changed', resetLink: common.link }),
    ];
    for (const mail of mails) {
      expect(mail.subject + mail.text).toContain(isolated(name));
      expect(mail.html).toContain(isolated(name));
      expect(mail.html).not.toContain(isolated('https://josie.example/x'));
    }
    expect(mails[1]?.text).toContain(isolated(title));
    const rejected = reviewDecisionMail({
      ...common,
      language,
      name: 'Dana',
      title,
      action: 'rejected',
      reason: 'קצר מדי',
    });
    expect(rejected.text).toContain(isolated(title));
    expect(rejected.text).toContain(isolated('קצר מדי'));
  });
});
