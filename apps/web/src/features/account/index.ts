// The public entry of this feature: what other features may import from it (dependency rules,
// docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.
import { lazyComponent } from '../../lib/lazyPage';
import type { ListenProviderChoiceProps } from './ListenProviderChoice';

export type { ListenProviderChoiceProps } from './ListenProviderChoice';

/**
 * The choice of listening service as a chunk of its own: other pages (onboarding) load it when shown, and the
 * shared chunk of the first pages, which imports `useInView` from here, stays without it.
 */
export const ListenProviderChoice = lazyComponent<ListenProviderChoiceProps>(() =>
  import('./ListenProviderChoice').then((m) => ({ default: m.ListenProviderChoice })),
);
export { useInView } from './useInView';
