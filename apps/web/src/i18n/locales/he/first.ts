import type { FirstTexts } from '../../areas';
import auth from './auth.json' with { type: 'json' };
import common from './common.json' with { type: 'json' };
import errors from './errors.json' with { type: 'json' };
import feed from './feed.json' with { type: 'json' };
import footer from './footer.json' with { type: 'json' };
import home from './home.json' with { type: 'json' };
import josie from './josie.json' with { type: 'json' };
import nav from './nav.json' with { type: 'json' };
import newsletter from './newsletter.json' with { type: 'json' };
import pwa from './pwa.json' with { type: 'json' };
import staticPages from './static.json' with { type: 'json' };
import titles from './titles.json' with { type: 'json' };
import validation from './validation.json' with { type: 'json' };
import video from './video.json' with { type: 'json' };

/**
 * The Hebrew texts of the first pages: the areas of `FIRST_AREAS` (`../../areas.ts`), without the parts only
 * later pages read (each area's `<area>.later.json`, in `./index.ts`).
 */
export default {
  auth,
  common,
  errors,
  feed,
  footer,
  home,
  josie,
  nav,
  newsletter,
  pwa,
  static: staticPages,
  titles,
  validation,
  video,
} satisfies FirstTexts;
