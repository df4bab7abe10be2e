import type { ElementType } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { curatorFontStyle, useCuratorFont } from '../../../lib/fonts';
import { readableColour } from '../colour';

export interface CreatorNameProps {
  /** The creator's name; empty or missing shows 'Unknown Curator' (docs/product/routes-and-roles.md#josie-page). */
  name?: string | null;
  /** The creator's `preferences.myFont` (a catalogue family, or '' for the app's font). */
  font?: string | null;
  /** The creator's `preferences.myColor`: hex or a catalogue name; missing is the default pink. */
  colour?: string | null;
  /**
   * The colour behind the name (hex), so the text colour is darkened as far as AA contrast needs
   * (default white).
   */
  background?: string;
  /** The element to render; `span` by default. */
  as?: ElementType;
  className?: string;
}

/**
 * A curator's name in their own font and colour (docs/product/routes-and-roles.md#home-and-feed;
 * docs/product/README.md#what-josie-is). The font loads on first use with a Hebrew-capable fallback, and the
 * colour keeps its hue but is darkened when it would be unreadable on `background` (e.g. Yellow or Light Blue
 * on white).
 */
export function CreatorName({
  name,
  font,
  colour,
  background = '#ffffff',
  as: Tag = 'span',
  className,
}: CreatorNameProps) {
  const { t } = useTranslation();
  useCuratorFont(font);
  const display = name?.trim() || t('josie.unknownCurator');
  return (
    <Tag
      dir="auto"
      className={cn('wrap-anywhere', className)}
      style={{ ...curatorFontStyle(font), color: readableColour(colour ?? '', background) }}
    >
      {display}
    </Tag>
  );
}
