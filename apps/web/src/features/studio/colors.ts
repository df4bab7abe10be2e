import type { StudioMetric } from '@josie/contract';

/** Each metric's colour in the charts: every one keeps at least 3:1 contrast on white, as graphics need. */
export const METRIC_COLORS: Record<StudioMetric | 'followersGained' | 'followersLost' | 'followers', string> =
  {
    views: '#0369a1',
    plays: '#7c3aed',
    likes: '#d6267f',
    saves: '#b45309',
    shares: '#047857',
    comments: '#4338ca',
    alsoOn: '#0f766e',
    followers: '#d6267f',
    followersGained: '#047857',
    followersLost: '#dc2626',
  };
