import { loadAllTexts } from '../../../i18n';
import { lazyComponent } from '../../../lib/lazyPage';
import type { ListenMoreProps } from './ListenMore';

/**
 * {@link ListenMoreProps}' component as a chunk of its own, fetched when an item nears the viewport, with
 * the language's later texts (its `listen` area is not among the first pages' texts).
 */
export const ListenMore = lazyComponent(() => import('./ListenMore'), {
  with: loadAllTexts,
});
