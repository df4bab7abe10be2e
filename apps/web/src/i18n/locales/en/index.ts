import account from './account.json' with { type: 'json' };
import admin from './admin.json' with { type: 'json' };
import audio from './audio.json' with { type: 'json' };
import authLater from './auth.later.json' with { type: 'json' };
import blocks from './blocks.json' with { type: 'json' };
import comments from './comments.json' with { type: 'json' };
import contact from './contact.json' with { type: 'json' };
import curator from './curator.json' with { type: 'json' };
import discovery from './discovery.json' with { type: 'json' };
import embed from './embed.json' with { type: 'json' };
import first from './first.js';
import image from './image.json' with { type: 'json' };
import integrations from './integrations.json' with { type: 'json' };
import invites from './invites.json' with { type: 'json' };
import josieLater from './josie.later.json' with { type: 'json' };
import listen from './listen.json' with { type: 'json' };
import login from './login.json' with { type: 'json' };
import moderation from './moderation.json' with { type: 'json' };
import notifications from './notifications.json' with { type: 'json' };
import onboarding from './onboarding.json' with { type: 'json' };
import preferences from './preferences.json' with { type: 'json' };
import pwaLater from './pwa.later.json' with { type: 'json' };
import recommendations from './recommendations.json' with { type: 'json' };
import resetPassword from './resetPassword.json' with { type: 'json' };
import review from './review.json' with { type: 'json' };
import signup from './signup.json' with { type: 'json' };
import staticPagesLater from './static.later.json' with { type: 'json' };
import studio from './studio.json' with { type: 'json' };
import videoLater from './video.later.json' with { type: 'json' };

/**
 * English texts, one file per area (the area is the top-level key). Add an area: a JSON file here and in
 * ../he/, and a line below. Some areas keep the texts only later pages read in `<area>.later.json`
 * (`./first.ts` holds the first file alone, for the first pages: `../../areas.ts`); both make the one area
 * here.
 */
export default {
  account,
  admin,
  audio,
  auth: { ...first.auth, ...authLater },
  blocks,
  comments,
  common: first.common,
  contact,
  curator,
  discovery,
  embed,
  errors: first.errors,
  feed: first.feed,
  footer: first.footer,
  home: first.home,
  image,
  integrations,
  invites,
  josie: { ...first.josie, ...josieLater, editor: { ...first.josie.editor, ...josieLater.editor } },
  listen,
  login,
  moderation,
  nav: first.nav,
  newsletter: first.newsletter,
  notifications,
  onboarding,
  preferences,
  pwa: { ...first.pwa, ...pwaLater },
  recommendations,
  resetPassword,
  review,
  signup,
  static: { ...first.static, ...staticPagesLater },
  studio,
  titles: first.titles,
  validation: first.validation,
  video: { ...first.video, ...videoLater },
};
