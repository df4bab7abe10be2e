import type { CuratorCard, CuratorRecommendation } from '@josie/contract';
import { creatorColour } from '../josies/index.js';
import type { CuratorRow } from './queries.js';

/** A home-strip card (docs/product/routes-and-roles.md#curator-profile, docs/product/data-and-config.md#data): font is the curator's myFont, colour a CSS value. */
export function presentCuratorCard(row: Omit<CuratorRow, 'followersCount' | 'bio'>): CuratorCard {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    avatar: row.avatarUrl,
    font: row.preferences.myFont ?? '',
    color: creatorColour(row.preferences.myColor),
  };
}

/** A recommended curator: the card plus bio and follower count. */
export function presentCuratorRecommendation(row: CuratorRow): CuratorRecommendation {
  return { ...presentCuratorCard(row), bio: row.bio, followersCount: row.followersCount };
}
