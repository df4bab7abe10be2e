import { Headphones, type LucideIcon, Sparkles, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { cn } from '../../lib/cn';
import { buttonClasses } from '../../ui/Button';
import { contentFrame } from '../../ui/Page';
import { NewsletterForm } from './NewsletterForm';

type FeatureKey = 'curators' | 'josies' | 'listen';
const FEATURES: ReadonlyArray<{ key: FeatureKey; icon: LucideIcon; tint: string }> = [
  { key: 'curators', icon: Users, tint: 'from-brand-100 to-brand-50 text-brand-800' },
  { key: 'josies', icon: Sparkles, tint: 'from-violet-100 to-violet-50 text-violet-800' },
  { key: 'listen', icon: Headphones, tint: 'from-amber-100 to-amber-50 text-amber-900' },
];

/** Decorative equaliser bars of the hero. */
function Equaliser() {
  const bars = [40, 72, 55, 90, 64, 38, 80, 50, 68, 30, 58, 84];
  return (
    <div className="flex h-24 items-end gap-1.5" aria-hidden="true">
      {bars.map((height, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative list
          key={index}
          className="w-2.5 rounded-full bg-linear-to-t from-brand-500 to-violet-500 opacity-80"
          style={{ height: `${height}%` }}
        />
      ))}
    </div>
  );
}

/**
 * The public home page for visitors (docs/product/routes-and-roles.md#home-and-feed): hero with title,
 * subtitle and a call-to-action to `/signup` (docs/product/differences.md#placeholders-that-work), a link to
 * `/explore` so a visitor hears real music first (docs/product/routes-and-roles.md#search-and-explore), three
 * feature cards, an about section of three paragraphs, and a newsletter block that really subscribes; a
 * goodbye line on top after an account's deletion.
 */
export default function PublicHomePage() {
  const { t } = useTranslation();
  // After an account's deletion the app lands here with `?goodbye=1` (docs/decisions/0025-account-and-data.md).
  const [params] = useSearchParams();
  return (
    <div className="flex flex-col">
      {params.get('goodbye') === '1' && (
        <p role="status" className="bg-brand-50 px-4 py-3 text-center text-sm font-medium text-brand-900">
          {t('home.goodbye')}
        </p>
      )}
      <section aria-labelledby="hero-title" className="relative overflow-hidden">
        <div
          className="absolute inset-0 bg-linear-to-br from-brand-100 via-white to-violet-100"
          aria-hidden="true"
        />
        <div
          className="absolute -top-24 -end-24 size-96 rounded-full bg-brand-300/40 blur-3xl"
          aria-hidden="true"
        />
        <div
          className="absolute -bottom-32 -start-24 size-96 rounded-full bg-violet-300/30 blur-3xl"
          aria-hidden="true"
        />
        <div
          className={cn(
            contentFrame,
            'relative grid items-center gap-10 py-16 sm:py-24 md:grid-cols-[1.4fr_1fr]',
          )}
        >
          <div className="flex flex-col items-start gap-6">
            <p className="rounded-full bg-white/80 px-4 py-1.5 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-brand-200">
              {t('home.hero.eyebrow')}
            </p>
            <h1
              id="hero-title"
              className="text-4xl leading-tight font-extrabold tracking-tight text-balance text-zinc-950 sm:text-5xl md:text-6xl"
            >
              {t('home.hero.title')}
            </h1>
            <p className="max-w-xl text-lg text-pretty text-zinc-700 sm:text-xl">{t('home.hero.subtitle')}</p>
            <div className="flex flex-wrap items-center gap-3">
              <Link to="/signup" className={buttonClasses('primary', 'lg')}>
                {t('home.hero.cta')}
              </Link>
              <Link to="/login" className={buttonClasses('outline', 'lg')}>
                {t('home.hero.login')}
              </Link>
              <Link to="/explore" className={buttonClasses('ghost', 'lg')}>
                {t('home.hero.explore')}
              </Link>
            </div>
          </div>
          <div className="hidden justify-center md:flex">
            <div className="flex flex-col items-center gap-6 rounded-[2.5rem] bg-white/70 p-8 shadow-xl shadow-brand-900/10 ring-1 ring-white backdrop-blur">
              <Equaliser />
              <div className="flex [&>*+*]:-ms-3" aria-hidden="true">
                {['bg-brand-400', 'bg-violet-400', 'bg-amber-300', 'bg-emerald-300'].map((colour) => (
                  <span key={colour} className={`size-12 rounded-full ring-4 ring-white ${colour}`} />
                ))}
              </div>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="features-title" className={cn(contentFrame, 'py-16')}>
        <h2 id="features-title" className="mb-8 text-2xl font-bold tracking-tight text-zinc-950 sm:text-3xl">
          {t('home.features.title')}
        </h2>
        <ul className="grid gap-5 sm:grid-cols-3">
          {FEATURES.map(({ key, icon: Icon, tint }) => (
            <li
              key={key}
              className="flex flex-col gap-3 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-zinc-200 transition-shadow hover:shadow-md"
            >
              <span
                className={`inline-flex size-12 items-center justify-center rounded-2xl bg-linear-to-br ${tint}`}
              >
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="text-lg font-semibold text-zinc-950">{t(`home.features.${key}.title`)}</h3>
              <p className="text-zinc-600">{t(`home.features.${key}.description`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-title" className="bg-white">
        <div className={cn(contentFrame, 'py-16')}>
          <h2 id="about-title" className="mb-6 text-2xl font-bold tracking-tight text-zinc-950 sm:text-3xl">
            {t('home.about.title')}
          </h2>
          <div className="flex max-w-3xl flex-col gap-4 text-lg leading-relaxed text-zinc-700">
            <p>{t('static.about.p1')}</p>
            <p>{t('static.about.p2')}</p>
            <p>{t('static.about.p3')}</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="newsletter-title" className={cn(contentFrame, 'py-16')}>
        <div className="flex flex-col gap-6 rounded-[2rem] bg-linear-to-br from-brand-100 via-brand-50 to-violet-100 p-8 shadow-sm ring-1 ring-brand-200 sm:p-10 md:flex-row md:items-center md:gap-10">
          <div className="flex flex-col gap-2 md:w-2/5">
            <h2 id="newsletter-title" className="text-2xl font-bold tracking-tight text-zinc-950">
              {t('newsletter.title')}
            </h2>
            <p className="text-zinc-700">{t('newsletter.description')}</p>
          </div>
          <div className="md:flex-1">
            <NewsletterForm />
          </div>
        </div>
      </section>
    </div>
  );
}
