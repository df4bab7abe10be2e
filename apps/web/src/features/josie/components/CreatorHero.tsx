import { isImageSource, type JosieCreator } from '@josie/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { Avatar } from '../../../ui/Avatar';
import { creatorColour, mixColours } from '../colour';
import { readParagraphs } from '../paragraphs';
import { CreatorName } from './CreatorName';

/** The first audio item's image, shown as cover art (docs/product/routes-and-roles.md#josie-page), or null; `paragraphs` as answered. */
export function coverArt(paragraphs: unknown): string | null {
  const first = readParagraphs(paragraphs).find((p) => p.type === 'audioItem');
  const image = first?.type === 'audioItem' ? first.content.image : null;
  return image && isImageSource(image) ? image : null;
}

/** The hero's tint: the creator's colour fading into the page background. */
export function heroTint(colour: string): { background: string; behindName: string } {
  const base = creatorColour(colour);
  const top = mixColours(base, '#ffffff', 0.35);
  const middle = mixColours(base, '#ffffff', 0.7);
  return {
    background: `linear-gradient(170deg, ${top} 0%, ${middle} 55%, #fafafa 100%)`,
    // The name sits roughly where the gradient is lightest-but-one; contrast is checked against it.
    behindName: top,
  };
}

export interface CreatorHeroProps {
  /** The josie's creator; missing (a deleted account), or missing its preferences, shows the defaults. */
  creator:
    | (Pick<JosieCreator, 'name' | 'avatar'> & Partial<Pick<JosieCreator, 'preferences'>>)
    | null
    | undefined;
  /** Cover art (see {@link coverArt}). */
  cover: string | null;
  /** Above the hero content inside the tint, e.g. the page's top bar. */
  top?: ReactNode;
  /** Beside the name, e.g. the Follow button. */
  actions?: ReactNode;
  /** Smaller type and padding, for the editor's live preview. */
  compact?: boolean;
  className?: string;
}

/**
 * The josie's hero (docs/product/routes-and-roles.md#josie-page): a tint from the creator's colour (default
 * #ff69b4), the creator's avatar (default avatar when none), name in their font (Unknown Curator when
 * missing) and the first audio item's image as cover art.
 */
export function CreatorHero({ creator, cover, top, actions, compact = false, className }: CreatorHeroProps) {
  const { t } = useTranslation();
  const colour = creatorColour(creator?.preferences?.myColor);
  const tint = heroTint(colour);
  const name = creator?.name?.trim() || t('josie.unknownCurator');
  return (
    <div className={cn('relative', className)} style={{ background: tint.background }}>
      {top}
      <div
        className={cn(
          'mx-auto flex w-full max-w-[750px] items-center gap-4 px-4',
          compact ? 'py-5' : 'flex-col py-8 text-center sm:flex-row sm:gap-6 sm:py-12 sm:text-start',
        )}
      >
        {cover && (
          <img
            src={cover}
            alt={t('josie.view.coverAlt')}
            className={cn(
              'shrink-0 rounded-3xl bg-white/40 object-cover shadow-xl shadow-zinc-900/20 ring-4 ring-white/70',
              compact ? 'size-20' : 'size-40 sm:size-44',
            )}
          />
        )}
        <div
          className={cn(
            'flex min-w-0 flex-col gap-3',
            compact ? 'items-start' : 'items-center sm:items-start',
          )}
        >
          <p className="text-xs font-semibold tracking-widest text-zinc-800 uppercase">
            {t('josie.view.curatedBy')}
          </p>
          <div className="flex min-w-0 items-center gap-3">
            <Avatar src={creator?.avatar} name={name} size={compact ? 40 : 56} decorative />
            <CreatorName
              name={creator?.name}
              font={creator?.preferences?.myFont}
              colour={colour}
              background={tint.behindName}
              className={cn('leading-tight', compact ? 'text-xl' : 'text-3xl sm:text-4xl')}
            />
          </div>
          {actions}
        </div>
      </div>
    </div>
  );
}
