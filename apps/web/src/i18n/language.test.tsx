import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../test/renderApp';
import { applyDocumentLanguage, detectedLanguage, LANGUAGE_STORAGE_KEY } from './index';

describe('language toggle and direction (docs/product/README.md#what-josie-is, docs/product/rules-and-limits.md#constants)', () => {
  it('is absent while the language_select flag is off', async () => {
    const { user, stub } = renderApp('/about');
    await waitFor(() => expect(stub.calls('GET', '/api/config/flags')).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('button', { name: 'עברית' })).not.toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('switches to Hebrew from the menu, mirrors the page and offers English back', async () => {
    const { user } = renderApp('/about', { flags: { language_select: 'true' } });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const toggle = await screen.findByRole('button', { name: 'עברית' });
    expect(toggle.querySelector('[lang="he"]')).not.toBeNull();

    await user.click(toggle);

    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(document.documentElement).toHaveAttribute('lang', 'he');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('he');
    // The server reads the cookie for a josie page's first paint (decision 0007).
    expect(document.cookie).toContain('i18next=he');
    expect(await screen.findByRole('heading', { level: 1, name: 'אודות Josie' })).toBeInTheDocument();
    // Choosing closes the menu; reopened, it offers English.
    await user.click(screen.getByRole('button', { name: 'פתיחת התפריט' }));
    await user.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'ltr'));
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(document.cookie).toContain('i18next=en');
  });

  it('forces English while the flag is off, even when Hebrew was chosen before', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'he');
    const { stub } = renderApp('/about');
    await waitFor(() => expect(stub.calls('GET', '/api/config/flags')).toHaveLength(1));
    expect(await screen.findByRole('heading', { level: 1, name: 'About Josie' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    // The earlier choice is kept for when the flag comes back on.
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('he');
  });

  it('applies the remembered Hebrew choice once the flag is on', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'he');
    renderApp('/about', { flags: { language_select: 'true' } });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(await screen.findByRole('heading', { level: 1, name: 'אודות Josie' })).toBeInTheDocument();
  });

  it('keeps the remembered Hebrew choice when the flags cannot be read (offline, the shell from the service worker)', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'he');
    const { stub } = renderApp('/about', {
      routes: [
        {
          method: 'GET',
          path: '/api/config/flags',
          reply: () => {
            throw new TypeError('Failed to fetch');
          },
        },
      ],
    });
    await waitFor(() => expect(stub.calls('GET', '/api/config/flags')).toHaveLength(1));
    expect(await screen.findByRole('heading', { level: 1, name: 'אודות Josie' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'he');
  });

  it('marks <html> with the language, writing only what differs (a write restyles the whole page)', async () => {
    const html = document.documentElement;
    const writes: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records)
        writes.push(`${record.attributeName}=${html.getAttribute(record.attributeName ?? '')}`);
    });
    observer.observe(html, { attributes: true, attributeFilter: ['lang', 'dir'] });
    try {
      html.lang = 'he';
      html.dir = 'rtl';
      await Promise.resolve();
      writes.length = 0;
      applyDocumentLanguage('he');
      await Promise.resolve();
      expect(writes).toEqual([]);
      applyDocumentLanguage('en');
      await Promise.resolve();
      expect(writes).toEqual(['lang=en', 'dir=ltr']);
      // A language the app does not have is English.
      writes.length = 0;
      applyDocumentLanguage('fr');
      await Promise.resolve();
      expect(writes).toEqual([]);
    } finally {
      observer.disconnect();
      html.lang = 'en';
      html.dir = 'ltr';
    }
  });

  it('shows the toggle on the login page when the flag is on', async () => {
    const { user } = renderApp('/login', { flags: { language_select: 'true' } });
    await user.click(await screen.findByRole('button', { name: 'עברית' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'התחברות' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  describe('a ?lng= link', () => {
    afterEach(() => window.history.replaceState(null, '', '/'));

    it('is remembered when the flag allows it: the next page, and the server, open in Hebrew', async () => {
      window.history.replaceState(null, '', '/about?lng=he');
      renderApp('/about?lng=he', { flags: { language_select: 'true' } });
      expect(await screen.findByRole('heading', { level: 1, name: 'אודות Josie' })).toBeInTheDocument();
      await waitFor(() => expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('he'));
      // The server reads the cookie for the pages it renders (decision 0007).
      expect(document.cookie).toContain('i18next=he');
      // The next page, without the query, still detects Hebrew.
      window.history.replaceState(null, '', '/privacy');
      expect(detectedLanguage()).toBe('he');
    });

    it('is not remembered while the flag is off', async () => {
      window.history.replaceState(null, '', '/about?lng=he');
      const { stub } = renderApp('/about?lng=he');
      await waitFor(() => expect(stub.calls('GET', '/api/config/flags')).toHaveLength(1));
      expect(await screen.findByRole('heading', { level: 1, name: 'About Josie' })).toBeInTheDocument();
      expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
      expect(document.cookie).not.toContain('i18next=he');
    });

    it('ignores a language the app does not have', async () => {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'he');
      window.history.replaceState(null, '', '/about?lng=fr');
      renderApp('/about?lng=fr', { flags: { language_select: 'true' } });
      expect(await screen.findByRole('heading', { level: 1, name: 'אודות Josie' })).toBeInTheDocument();
      expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('he');
    });
  });
});
