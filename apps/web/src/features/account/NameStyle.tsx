import { COLOURS, type ColourName, FONTS } from '@josie/contract';
import { Check, Search } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { curatorFontStyle, useCuratorFont, useFonts } from '../../lib/fonts';
import { focusRing } from '../../ui/Button';
import { Input } from '../../ui/Input';
import { Spinner } from '../../ui/Spinner';
import { creatorColour } from '../josie';
import { labelStyle } from './colours';
import { useInView } from './useInView';

const optionClasses = cn(
  'relative flex min-w-0 flex-col items-start gap-1 rounded-2xl border border-zinc-200 bg-white p-3 text-start transition',
  'hover:border-brand-300 data-[state=checked]:border-brand-600 data-[state=checked]:ring-2 data-[state=checked]:ring-brand-600/30',
  'disabled:cursor-not-allowed disabled:bg-zinc-50 disabled:hover:border-zinc-200',
  focusRing,
);

function CheckedMark() {
  return (
    <RadioGroup.Indicator className="absolute end-2 top-2 rounded-full bg-brand-600 p-0.5 text-white">
      <Check className="size-3" aria-hidden="true" />
    </RadioGroup.Indicator>
  );
}

/**
 * One font of the chooser: its label and a preview of `sample` in the font. The font loads only once
 * the option comes into view (docs/product/data-and-config.md#data,
 * docs/product/rules-and-limits.md#account-images: load states inactive, loading, active, error, time-out
 * 3000 ms in `lib/fonts`); the preview shows only once the font is active, and the option cannot be chosen
 * while the font is loading or failed.
 */
function FontOption({ family, sample }: { family: string; sample: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLButtonElement>(null);
  const statusId = useId();
  const inView = useInView(ref);
  // Subscribes (and starts the load) only in view; the state itself is read from the shared loader.
  useCuratorFont(inView ? family : null);
  const state = useFonts().state(family);
  const unavailable = state === 'loading' || state === 'error';
  const status =
    state === 'loading'
      ? t('preferences.font.loading')
      : state === 'error'
        ? t('preferences.font.error')
        : null;
  return (
    <RadioGroup.Item
      ref={ref}
      value={family}
      disabled={unavailable}
      aria-label={family}
      aria-describedby={status ? statusId : undefined}
      data-load-state={state}
      className={optionClasses}
    >
      <span className="text-xs font-semibold text-zinc-600" aria-hidden="true">
        {family}
      </span>
      <span
        className="flex h-9 w-full items-center overflow-hidden text-2xl text-zinc-950"
        aria-hidden="true"
      >
        {state === 'active' ? (
          <span dir="auto" className="truncate" style={curatorFontStyle(family)}>
            {sample}
          </span>
        ) : state === 'error' ? (
          <span className="text-sm text-zinc-600">{t('preferences.font.error')}</span>
        ) : (
          <span className="h-5 w-3/4 animate-pulse rounded-md bg-zinc-200" />
        )}
      </span>
      {status && (
        <span id={statusId} className="sr-only">
          {status}
        </span>
      )}
      {state === 'loading' && <Spinner size="sm" decorative className="absolute end-2 top-2 text-zinc-500" />}
      <CheckedMark />
    </RadioGroup.Item>
  );
}

/**
 * The curator's font chooser (docs/product/routes-and-roles.md#account, docs/product/data-and-config.md#data,
 * docs/product/rules-and-limits.md#account-images): a search box over the 14 catalogue fonts and a radio
 * group of them (plus the app's own font, ''), each with its label and a preview of the curator's name.
 */
export function FontChooser({
  value,
  onChange,
  sample,
}: {
  value: string;
  onChange(family: string): void;
  sample: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [query, setQuery] = useState('');
  // The chosen font loads for the sample anyway; following it here re-renders its option when it is ready.
  useCuratorFont(value || null);
  const needle = query.trim().toLowerCase();
  const fonts = FONTS.filter((font) => font.family.toLowerCase().includes(needle));
  return (
    <div className="flex flex-col gap-3">
      <h3 id={titleId} className="font-semibold text-zinc-950">
        {t('preferences.font.title')}
      </h3>
      <div className="relative">
        <Search
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-zinc-500"
          aria-hidden="true"
        />
        <Input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          aria-label={t('preferences.font.search')}
          placeholder={t('preferences.font.searchPlaceholder')}
          className="ps-9"
        />
      </div>
      <RadioGroup.Root
        value={value}
        onValueChange={onChange}
        aria-labelledby={titleId}
        className="grid max-h-96 grid-cols-1 gap-2 overflow-y-auto p-1 min-[480px]:grid-cols-2"
      >
        {needle === '' && (
          <RadioGroup.Item value="" aria-label={t('preferences.font.none')} className={optionClasses}>
            <span className="text-xs font-semibold text-zinc-600" aria-hidden="true">
              {t('preferences.font.none')}
            </span>
            <span
              dir="auto"
              className="flex h-9 w-full items-center truncate text-2xl text-zinc-950"
              aria-hidden="true"
            >
              {sample}
            </span>
            <CheckedMark />
          </RadioGroup.Item>
        )}
        {fonts.map((font) => (
          <FontOption key={font.family} family={font.family} sample={sample} />
        ))}
      </RadioGroup.Root>
      {fonts.length === 0 && (
        <p role="status" className="text-sm text-zinc-600">
          {t('preferences.font.noMatch', { query: query.trim() })}
        </p>
      )}
    </div>
  );
}

/**
 * The curator's colour chooser (docs/product/data-and-config.md#data): the default pink ('') and the six
 * named colours, each a swatch with its label, in dark text on the light colours (Light Blue, Yellow, Light
 * Grey) and white text on the others.
 */
export function ColourChooser({ value, onChange }: { value: string; onChange(name: string): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const options: ReadonlyArray<{ name: string; label: string }> = [
    { name: '', label: t('preferences.colour.default') },
    ...COLOURS.map((colour) => ({
      name: colour.name,
      label: t(`preferences.colours.${colour.name as ColourName}`),
    })),
  ];
  return (
    <div className="flex flex-col gap-3">
      <h3 id={titleId} className="font-semibold text-zinc-950">
        {t('preferences.colour.title')}
      </h3>
      <RadioGroup.Root
        value={value}
        onValueChange={onChange}
        aria-labelledby={titleId}
        className="grid grid-cols-2 gap-2 p-1 min-[480px]:grid-cols-4"
      >
        {options.map((option) => (
          <RadioGroup.Item
            key={option.name || 'default'}
            value={option.name}
            aria-label={option.label}
            className={cn(
              'relative flex h-20 items-end rounded-2xl p-2 shadow-sm ring-1 ring-black/10 transition',
              'hover:scale-[1.02] data-[state=checked]:ring-4 data-[state=checked]:ring-zinc-950',
              focusRing,
            )}
            style={{ backgroundColor: creatorColour(option.name) }}
          >
            <span
              className="max-w-full truncate rounded-lg px-2 py-0.5 text-sm font-semibold"
              style={labelStyle(option.name)}
              aria-hidden="true"
            >
              {option.label}
            </span>
            <CheckedMark />
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}

/**
 * A sample of the curator's name in the chosen font and colour, as a banner in the colour with the name
 * in the tone the colour asks for (docs/product/data-and-config.md#data).
 */
export function NameSample({ name, font, colour }: { name: string; font: string; colour: string }) {
  const { t } = useTranslation();
  const captionId = useId();
  useCuratorFont(font || null);
  const background = creatorColour(colour);
  return (
    <figure aria-labelledby={captionId} className="flex flex-col gap-2">
      <figcaption id={captionId} className="text-sm font-medium text-zinc-700">
        {t('preferences.style.sample')}
      </figcaption>
      <div
        className="flex min-h-28 items-center justify-center rounded-3xl p-5 shadow-inner"
        style={{
          background: `linear-gradient(135deg, ${background} 0%, color-mix(in srgb, ${background} 70%, white) 100%)`,
        }}
      >
        <span
          dir="auto"
          className="max-w-full truncate rounded-2xl px-4 py-1 text-3xl sm:text-4xl"
          style={{ ...labelStyle(colour), ...curatorFontStyle(font) }}
        >
          {name}
        </span>
      </div>
    </figure>
  );
}
