import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from './index';
import heAccount from './locales/he/account.json' with { type: 'json' };
import heCommon from './locales/he/common.json' with { type: 'json' };
import heHome from './locales/he/home.json' with { type: 'json' };
import heListen from './locales/he/listen.json' with { type: 'json' };
import heStaticLater from './locales/he/static.later.json' with { type: 'json' };

/**
 * The texts each page waits for (`areas.ts`, docs/performance.md), on fresh modules: the setup file has
 * loaded every text into its own i18next already.
 */
describe('texts of the first pages and of the later ones, in Hebrew (docs/performance.md)', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  const fresh = async () => {
    const texts = await import('./index');
    const { renderApp } = await import('../test/renderApp');
    return { ...texts, renderApp };
  };

  it('renders a first page in Hebrew from the first texts alone, without English', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'he');
    const { i18n, i18nReady, renderApp } = await fresh();
    await i18nReady;

    renderApp('/', { flags: { language_select: 'true' } });

    expect(await screen.findByRole('heading', { level: 1, name: heHome.hero.title })).toBeInTheDocument();
    expect(i18n.language).toBe('he');
    // Neither the later areas nor the `.later` parts, nor English (Hebrew has no fallback).
    expect(i18n.exists('account.imageTooLarge')).toBe(false);
    expect(i18n.exists('static.privacy.title')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
  });

  it('has every Hebrew text once a later page has loaded, before that page renders', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'he');
    const { i18n, i18nReady, renderApp } = await fresh();
    await i18nReady;

    renderApp('/privacy', { flags: { language_select: 'true' } });

    expect(
      await screen.findByRole('heading', { level: 1, name: heStaticLater.privacy.title }),
    ).toBeInTheDocument();
    expect(i18n.t('account.imageTooLarge')).toBe(heAccount.imageTooLarge);
  });

  it("names a josie's seed genres in Hebrew from the first texts (its chips are on the first pages)", async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'he');
    const { i18n, i18nReady } = await fresh();
    await i18nReady;
    const { genreName } = await import('../features/josie/components/GenreChips');
    expect(genreName(i18n.t, 'Rock')).toBe(heCommon.genreNames.Rock);
    expect(genreName(i18n.t, 'Rock')).not.toBe('Rock');
  });

  it("loads the later texts with a first page's component that reads them (listening)", async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'he');
    const { i18n, i18nReady } = await fresh();
    await i18nReady;
    expect(i18n.exists('listen.playingOn')).toBe(false);
    const { ListenMore } = await import('../features/josie/listen/lazy');
    await ListenMore.preload();
    // A component does not render again when texts are added: they must be here before it renders.
    expect(i18n.t('listen.playingOn', { platform: 'YouTube', original: 'Spotify' })).toBe(
      heListen.playingOn.replace('{{platform}}', 'YouTube').replace('{{original}}', 'Spotify'),
    );
  });

  it('completes the first Hebrew texts when the reader switches back to Hebrew after a later page', async () => {
    const { i18n, i18nReady, loadAllTexts, chooseLanguage, currentLanguage } = await fresh();
    await i18nReady;
    await chooseLanguage('he');
    await chooseLanguage('en');
    expect(i18n.exists('static.privacy.title', { lng: 'he' })).toBe(false);
    await loadAllTexts();

    // i18next holds Hebrew's first texts and would not ask the backend again.
    await chooseLanguage('he');

    expect(currentLanguage()).toBe('he');
    expect(i18n.t('account.imageTooLarge')).toBe(heAccount.imageTooLarge);
    expect(i18n.t('static.privacy.title')).toBe(heStaticLater.privacy.title);
  });

  it('loads Hebrew whole when a later page asks while the first Hebrew texts are on their way', async () => {
    const { i18n, i18nReady, loadAllTexts, changeInterfaceLanguage } = await fresh();
    await i18nReady;
    expect(i18n.hasResourceBundle('he', 'translation')).toBe(false);

    const switching = changeInterfaceLanguage('he');
    await loadAllTexts();
    await switching;

    expect(i18n.language).toBe('he');
    expect(i18n.t('static.privacy.title')).toBe(heStaticLater.privacy.title);
  });
});
