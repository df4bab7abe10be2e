import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';

export interface AvatarProps {
  /** Image URL; null, empty or failing to load shows the default avatar. */
  src?: string | null | undefined;
  /** Whose avatar: used as the image's text alternative and for the default avatar's initial. */
  name?: string | null | undefined;
  /** Diameter in pixels. */
  size?: number;
  /** Hides the avatar from assistive tech when the name is shown beside it. */
  decorative?: boolean;
  className?: string;
}

/** A round avatar with a default (the name's initial on the brand gradient) when there is no image. */
export function Avatar({ src, name, size = 40, decorative = false, className }: AvatarProps) {
  const { t } = useTranslation();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const label = name?.trim() || t('common.defaultAvatar');
  const style = { width: size, height: size };
  const classes = cn('inline-block shrink-0 rounded-full ring-2 ring-white', className);

  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        alt={decorative ? '' : label}
        width={size}
        height={size}
        style={style}
        className={cn(classes, 'bg-zinc-100 object-cover')}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  const initial = name?.trim().charAt(0).toLocaleUpperCase();
  const fallbackStyle = { ...style, fontSize: Math.max(12, Math.round(size * 0.42)) };
  const fallbackClasses = cn(
    classes,
    'inline-flex items-center justify-center bg-linear-to-br from-brand-600 to-violet-700 font-semibold text-white',
  );
  const content = initial || (
    <UserRound aria-hidden="true" style={{ width: size * 0.55, height: size * 0.55 }} />
  );
  if (decorative) {
    return (
      <span aria-hidden="true" style={fallbackStyle} className={fallbackClasses}>
        {content}
      </span>
    );
  }
  return (
    <span role="img" aria-label={label} style={fallbackStyle} className={fallbackClasses}>
      {content}
    </span>
  );
}
