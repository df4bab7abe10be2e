import { lazyComponent } from '../../../lib/lazyPage';
import type { ListenMoreProps } from './ListenMore';

/** {@link ListenMoreProps}' component as a chunk of its own, fetched when an item nears the viewport. */
export const ListenMore = lazyComponent<ListenMoreProps>(() => import('./ListenMore'));
