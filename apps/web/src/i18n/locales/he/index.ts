import account from './account.json' with { type: 'json' };
import admin from './admin.json' with { type: 'json' };
import audio from './audio.json' with { type: 'json' };
import auth from './auth.json' with { type: 'json' };
import common from './common.json' with { type: 'json' };
import contact from './contact.json' with { type: 'json' };
import curator from './curator.json' with { type: 'json' };
import discovery from './discovery.json' with { type: 'json' };
import errors from './errors.json' with { type: 'json' };
import feed from './feed.json' with { type: 'json' };
import footer from './footer.json' with { type: 'json' };
import home from './home.json' with { type: 'json' };
import image from './image.json' with { type: 'json' };
import integrations from './integrations.json' with { type: 'json' };
import invites from './invites.json' with { type: 'json' };
import josie from './josie.json' with { type: 'json' };
import josieLater from './josie.later.json' with { type: 'json' };
import listen from './listen.json' with { type: 'json' };
import login from './login.json' with { type: 'json' };
import nav from './nav.json' with { type: 'json' };
import newsletter from './newsletter.json' with { type: 'json' };
import notifications from './notifications.json' with { type: 'json' };
import onboarding from './onboarding.json' with { type: 'json' };
import preferences from './preferences.json' with { type: 'json' };
import pwa from './pwa.json' with { type: 'json' };
import pwaLater from './pwa.later.json' with { type: 'json' };
import recommendations from './recommendations.json' with { type: 'json' };
import resetPassword from './resetPassword.json' with { type: 'json' };
import review from './review.json' with { type: 'json' };
import signup from './signup.json' with { type: 'json' };
import staticPages from './static.json' with { type: 'json' };
import staticPagesLater from './static.later.json' with { type: 'json' };
import titles from './titles.json' with { type: 'json' };
import validation from './validation.json' with { type: 'json' };
import video from './video.json' with { type: 'json' };
import videoLater from './video.later.json' with { type: 'json' };

/**
 * Hebrew texts, one file per area, mirroring ../en/ key for key (a test checks), the `<area>.later.json`
 * files too: `./first.ts` holds the first pages' areas without them (`../../areas.ts`); both make the one
 * area here.
 */
export default {
  account,
  admin,
  audio,
  auth,
  common,
  contact,
  curator,
  discovery,
  errors,
  feed,
  footer,
  home,
  image,
  integrations,
  invites,
  josie: { ...josie, ...josieLater, editor: { ...josie.editor, ...josieLater.editor } },
  listen,
  login,
  nav,
  newsletter,
  notifications,
  onboarding,
  preferences,
  pwa: { ...pwa, ...pwaLater },
  recommendations,
  resetPassword,
  review,
  signup,
  static: { ...staticPages, ...staticPagesLater },
  titles,
  validation,
  video: { ...video, ...videoLater },
};
