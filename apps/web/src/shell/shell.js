/**
 * The first paint before any module has run (Lighthouse performance on a phone: docs/performance.md).
 *
 * `index.html` loads this classic script (same origin, so the CSP holds: no inline script) right after
 * its `#root`, before the app's modules. It runs while the page is parsed and:
 * - asks the browser to fetch the scripts of the page about to open (`modulepreload`), so they load beside
 *   the app's entry instead of after it has run, with the first texts of the language the interface opens in,
 *   and, for a visitor on a josie page the server did not write the josie into, the josie itself (the route
 *   table's `getJosie`, as the app requests it). The build prepends `JOSIE_SHELL_PRELOADS`, name -> script
 *   URLs (`vite.plugins.ts`, `shellScript()`): the routes `home` (`/` for a visitor), `feed` (`/` for a
 *   listener or curator who finished onboarding), `josie` (`/josie/:id`), and `en` and `he` (each language's
 *   first texts, `src/i18n/areas.ts`);
 * - on the signed-in feed, when the server wrote no answers for the stored session (no session cookie, or
 * one of another account), sends the feed's first reads with the session's token (`api/earlyReads.ts` hands
 * them to the app's calls) and, once the curator strip's answer is here, fetches its first pictures (the
 * page's largest paint), instead of waiting for the app's scripts to run first;
 * - keeps the server's first paint (a published josie's page, or the signed-in home feed: the page itself
 *   in `#root`, with its language as `data-lang` and, for a signed-in page, its user as `data-user`:
 *   `apps/server/src/lib/first-paint.ts`) when the app opens in that language for that user, and removes
 *   it otherwise, with any answers written for another user;
 * - else copies the matching static skeleton of `index.html` into `#root` (`<template id="josie-shell-…">`:
 *   the public home page's header and hero, the josie page's bar and spinner, or the header and a spinner),
 *   so the first contentful paint does not wait for the app. React replaces it on its first render. Each
 *   skeleton has a Hebrew twin (`…-he`, written by the build), copied when the interface opens in Hebrew;
 * - sets `<html lang dir>` to the language the interface opens in, before anything is painted: no left-to-
 *   right frame before a Hebrew page (docs/decisions/0026-hebrew-first-paint.md). That language is the
 *   app's detection (docs/product/rules-and-limits.md#constants order, as `src/i18n/index.ts`), or English
 *   when the server marked the page `<html data-language-select="off">` (the `language_select` flag is off,
 *   which only the server knows before the app has read the flags).
 *
 * A classic script (not a module: modules are deferred), in the language level of the app's own code. It
 * cannot import the contract's route table, so the build and the development server prepend the paths it
 * reads as `JOSIE_SHELL_API` (`src/shell/apiPaths.ts`: `feed`, `curatorStrip`, `preferences`, and `josie`
 * with `:id`; docs/decisions/0015-endpoints-in-the-contract.md): no API path is written here.
 */
((preloads, api) => {
  const root = document.getElementById('root');
  if (!root) return;

  /** The curator strip's read: `features/feed/api.ts`, `fetchCuratorCards`. */
  const CURATOR_STRIP = api.curatorStrip;
  /**
   * The reads the signed-in feed sends first: its first page (`features/feed/api.ts`, `fetchFeedPage`), the
   * curator strip and the feed theme (`features/feed/feedTheme.ts`).
   */
  const EARLY_READS = [api.feed, CURATOR_STRIP, api.preferences];
  /** Cards of the strip in view on a phone (~2.5 at 412 px), whose pictures are fetched early. */
  const STRIP_PICTURES = 3;

  const read = (storage, key) => {
    try {
      return window[storage].getItem(key);
    } catch {
      return null;
    }
  };

  /**
   * The stored session `{token, user}`, or null: `session/storage.ts` keeps the whole sign-in answer in
   * localStorage `user` (the source of truth; the `token` entry only mirrors it).
   */
  const storedSession = () => {
    try {
      const session = JSON.parse(read('localStorage', 'user') ?? 'null');
      const signedIn = typeof session?.token === 'string' && session.token !== '';
      return signedIn && session.user && typeof session.user === 'object' ? session : null;
    } catch {
      return null;
    }
  };

  /**
   * The language the interface opens in: English while the server says the `language_select` flag is off,
   * else the first supported language among the detected ones (as i18next picks it), else English.
   */
  const interfaceLanguage = () => {
    if (document.documentElement.getAttribute('data-language-select') === 'off') return 'en';
    const query = new URLSearchParams(location.search).get('lng');
    const cookie = /(?:^|;\s*)i18next=([^;]*)/.exec(document.cookie)?.[1];
    const candidates = [
      query,
      cookie && decodeURIComponent(cookie),
      read('localStorage', 'i18nextLng'),
      read('sessionStorage', 'i18nextLng'),
      ...(navigator.languages ?? [navigator.language]),
    ];
    for (const candidate of candidates) {
      const base = String(candidate ?? '')
        .toLowerCase()
        .split('-')[0];
      if (base === 'en' || base === 'he') return base;
    }
    return 'en';
  };

  const routeOf = (path, user) => {
    if (path === '/') {
      if (!user) return 'home';
      const onboarded = user.onboarding?.completed === true;
      // The web's `dashboardPath`: whoever administers or reviews gets a dashboard, not the feed (a session
      // stored before users carried abilities falls back to the role).
      const may = user.abilities ?? { administer: user.role === 'admin', review: user.role === 'editor' };
      return !may.administer && !may.review && onboarded ? 'feed' : 'other';
    }
    return /^\/josie\/(?!new\/?$|edit\/)[^/]+\/?$/.test(path) ? 'josie' : 'other';
  };

  const preload = (rel, href, as) => {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    if (as) {
      link.as = as;
      link.crossOrigin = 'anonymous';
    }
    document.head.append(link);
  };

  const session = storedSession();
  const user = session?.user ?? null;
  const route = routeOf(location.pathname, user);
  const language = interfaceLanguage();
  // The language's first texts too: the app renders once they are here, and would ask for them only after its
  // entry ran.
  for (const href of [...(preloads[route] ?? []), ...(preloads[language] ?? [])]) {
    preload('modulepreload', href);
  }
  /**
   * The page's first-paint block, where the server wrote its answers to the page's first reads
   * (`<script type="application/json" id="josie-first-paint" data-user>`, `api/firstPaint.ts`).
   */
  const answers = document.getElementById('josie-first-paint');
  /** Whether the server wrote them for this user (a visitor's block names no user). */
  const answersWritten =
    answers !== null && (answers.getAttribute('data-user') ?? null) === (user?.id ?? null);

  // A visitor's josie: its answer is the same for every visitor, so it is fetched now, beside the scripts;
  // the app's own `fetch` of that URL then takes the preloaded answer. Not when the server wrote the
  // answer into the page (a published josie), nor for a signed-in user: their answer differs (their
  // likes, their pending josies) and carries their token.
  if (route === 'josie' && !user && !answersWritten) {
    // The path's segment as the browser keeps it (percent-encoded), as the app's client encodes the id.
    const id = location.pathname.split('/')[2];
    preload(
      'preload',
      api.josie.replace(':id', () => id),
      'fetch',
    );
  }

  // The signed-in feed's first reads (`api/earlyReads.ts` hands them to the app's calls), when the server did
  // not answer them in the page: sent now with the session's token, as the app would send them, instead of
  // once its scripts have run. The curator strip's first pictures (the page's largest paint) are fetched
  // as soon as its answer is here.
  if (route === 'feed' && !answersWritten) {
    const get = (path) =>
      fetch(path, { headers: { accept: 'application/json', authorization: `Bearer ${session.token}` } });
    const reads = {};
    for (const path of EARLY_READS) {
      reads[path] = get(path);
      // Handled here too: a read the app never takes must not report an unhandled rejection.
      reads[path].catch(() => {});
    }
    window.josieEarlyReads = { token: session.token, reads };
    reads[CURATOR_STRIP]
      .then((response) => (response.ok ? response.clone().json() : null))
      .then((answer) => {
        for (const curator of answer?.curators?.slice(0, STRIP_PICTURES) ?? []) {
          if (typeof curator.avatar === 'string') new Image().src = curator.avatar;
        }
      })
      .catch(() => {});
  }

  // The page's language and direction, before anything is painted. Written only when the server's differ:
  // Chromium restyles the whole document on any write of `lang` or `dir` to <html>, even of the same value.
  const html = document.documentElement;
  const dir = language === 'he' ? 'rtl' : 'ltr';
  if (html.lang !== language) html.lang = language;
  if (html.dir !== dir) html.dir = dir;

  // The server's first paint carries its language (`data-lang`) and, when rendered for a signed-in user,
  // that user (`data-user`; a public josie page is rendered for anyone): kept when the app opens in that
  // language for that user, dropped otherwise (the app would replace it by another page).
  const prerendered = root.dataset.lang;
  const otherLanguage = prerendered && prerendered !== language;
  const otherUser = prerendered && root.dataset.user !== undefined && root.dataset.user !== user?.id;
  if (otherLanguage || otherUser) {
    root.replaceChildren();
    delete root.dataset.lang;
    delete root.dataset.user;
  }
  // Answers written for somebody else (the page was served for another account's cookie) are not this
  // session's to keep in the page.
  if (answers?.hasAttribute('data-user') && answers.getAttribute('data-user') !== user?.id) answers.remove();
  if (root.firstChild) return;
  const page = route === 'home' || route === 'josie' ? route : 'bar';
  const skeleton = document.getElementById(`josie-shell-${page}${language === 'he' ? '-he' : ''}`);
  if (skeleton instanceof HTMLTemplateElement) root.append(skeleton.content.cloneNode(true));
})(typeof JOSIE_SHELL_PRELOADS === 'undefined' ? {} : JOSIE_SHELL_PRELOADS, JOSIE_SHELL_API);
