import account from './account.json';
import admin from './admin.json';
import audio from './audio.json';
import auth from './auth.json';
import common from './common.json';
import contact from './contact.json';
import curator from './curator.json';
import errors from './errors.json';
import feed from './feed.json';
import footer from './footer.json';
import home from './home.json';
import image from './image.json';
import integrations from './integrations.json';
import invites from './invites.json';
import josie from './josie.json';
import login from './login.json';
import nav from './nav.json';
import newsletter from './newsletter.json';
import onboarding from './onboarding.json';
import preferences from './preferences.json';
import pwa from './pwa.json';
import recommendations from './recommendations.json';
import resetPassword from './resetPassword.json';
import review from './review.json';
import signup from './signup.json';
import staticPages from './static.json';
import titles from './titles.json';
import validation from './validation.json';
import video from './video.json';

/** Hebrew texts, one file per area, mirroring ../en/ key for key (a test checks). */
export default {
  account,
  admin,
  audio,
  auth,
  common,
  contact,
  curator,
  errors,
  feed,
  footer,
  home,
  image,
  integrations,
  invites,
  josie,
  login,
  nav,
  newsletter,
  onboarding,
  preferences,
  pwa,
  recommendations,
  resetPassword,
  review,
  signup,
  static: staticPages,
  titles,
  validation,
  video,
};
