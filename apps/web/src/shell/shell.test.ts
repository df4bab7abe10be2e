import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import indexHtml from '../../index.html?raw';
import { fillTexts, shellScript } from '../../vite.plugins';
import { storeSession } from '../session/storage';
import { removeFirstPaint, writeFirstPaint } from '../test/firstPaint';
import { makeSession } from '../test/fixtures';
import { renderApp } from '../test/renderApp';
import shellSource from './shell.js?raw';

const PRELOADS = {
  home: ['/assets/PublicHomePage-x.js'],
  feed: ['/assets/HomeFeedPage-x.js', '/assets/Feed-x.js'],
  josie: ['/assets/JosieViewPage-x.js'],
  en: ['/assets/en-x.js'],
  he: ['/assets/he-x.js'],
};

/**
 * Runs the script as the build writes it: `shell.js` after the preloads above and the API paths of the
 * contract's route table (`shellScript`, as `appShell()` builds it).
 */
function runScript(): void {
  new Function(shellScript(PRELOADS, shellSource))();
}

/** `index.html`'s body as the build writes it (texts filled in), without its scripts. */
function skeletonDocument(): DocumentFragment {
  const page = new DOMParser().parseFromString(fillTexts(indexHtml), 'text/html');
  const fragment = document.createDocumentFragment();
  for (const node of [...page.body.children]) {
    if (node.tagName !== 'SCRIPT') fragment.append(document.importNode(node, true));
  }
  return fragment;
}

/** Runs `shell.js` as the browser would at `path`, and answers the root and the preloaded scripts. */
function runShell(path: string) {
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]')) {
    link.remove();
  }
  window.history.replaceState(null, '', path);
  document.body.replaceChildren(skeletonDocument());
  runScript();
  const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
  const fetches = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')];
  return {
    root: document.getElementById('root'),
    preloads: preloads.map((link) => link.getAttribute('href')),
    fetches: fetches.map((link) => link.getAttribute('href')),
  };
}

describe('the first paint before the app runs (src/shell/shell.js, docs/performance.md)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.josieEarlyReads;
    document.body.replaceChildren();
    window.history.replaceState(null, '', '/');
  });

  it("shows a visitor the home page's header and hero, and preloads the home page", () => {
    const { root, preloads } = runShell('/');
    expect(root?.querySelector('h1')?.textContent).toBe('Music, curated by people you trust');
    expect(root?.querySelector('a[href="/signup"]')?.textContent).toBe('Get started');
    expect(preloads).toEqual([...PRELOADS.home, ...PRELOADS.en]);
  });

  it('shows a signed-in listener the header with a spinner, and preloads the feed', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({})),
    );
    storeSession(makeSession('listener'));
    const { root, preloads } = runShell('/');
    expect(root?.querySelector('h1')).toBeNull();
    expect(root?.querySelector('[role="status"]')?.textContent).toBe('Loading…');
    expect(preloads).toEqual([...PRELOADS.feed, ...PRELOADS.en]);
  });

  it("sends the signed-in feed's first reads with the session's token and fetches the strip's first pictures", async () => {
    const session = makeSession('listener');
    storeSession(session);
    const strip = {
      curators: ['a', 'b', 'c', 'd'].map((id) => ({ id, avatar: `/media/avatars/${id}.webp` })),
    };
    const fetchMock = vi.fn(async (path: string) =>
      path === '/api/users/curators/feed' ? Response.json(strip) : Response.json({}),
    );
    const pictures: string[] = [];
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal(
      'Image',
      class {
        set src(url: string) {
          pictures.push(url);
        }
      },
    );
    runShell('/');
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual([
      '/api/josies/feed',
      '/api/users/curators/feed',
      '/api/users/me/preferences',
    ]);
    for (const [, init] of fetchMock.mock.calls as unknown as [string, RequestInit][]) {
      expect(init.headers).toMatchObject({ authorization: `Bearer ${session.token}` });
    }
    expect(window.josieEarlyReads?.token).toBe(session.token);
    expect(Object.keys(window.josieEarlyReads?.reads ?? {})).toHaveLength(3);
    // The cards in view on a phone: three.
    await vi.waitFor(() =>
      expect(pictures).toEqual(['/media/avatars/a.webp', '/media/avatars/b.webp', '/media/avatars/c.webp']),
    );
  });

  it('sends no early reads for a visitor or on pages other than the feed', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    runShell('/');
    storeSession(makeSession('listener'));
    runShell('/josie/01a2');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.josieEarlyReads).toBeUndefined();
  });

  it('takes only the `{token, user}` entry the app stores as a session', () => {
    window.localStorage.setItem('user', JSON.stringify(makeSession('listener').user));
    window.localStorage.setItem('token', 'a-token');
    const { root, fetches } = runShell('/josie/01a2');
    expect(root?.querySelector('main')).not.toBeNull();
    // Without a session the shell treats the page as a visitor's: the app would do the same.
    expect(fetches).toEqual(['/api/josies/01a2']);
  });

  it('preloads only the texts for roles that / sends elsewhere, and no signed-in josie answer', () => {
    storeSession(makeSession('admin'));
    expect(runShell('/').preloads).toEqual(PRELOADS.en);
    const josie = runShell('/josie/01a2');
    expect(josie.preloads).toEqual([...PRELOADS.josie, ...PRELOADS.en]);
    expect(josie.fetches).toEqual([]);
  });

  it('shows the josie page frame on /josie/:id only, not on the editor routes', () => {
    const josie = runShell('/josie/01a2');
    expect(josie.root?.querySelector('main')?.className).toContain('max-w-[750px]');
    expect(josie.preloads).toEqual([...PRELOADS.josie, ...PRELOADS.en]);
    expect(josie.fetches).toEqual(['/api/josies/01a2']);
    for (const path of ['/josie/new', '/josie/edit/01a2']) {
      const editor = runShell(path);
      expect(editor.root?.querySelector('header')?.className).toContain('fixed');
      expect(editor.preloads).toEqual(PRELOADS.en);
    }
  });

  it('does not fetch a josie the server wrote into the page (api/firstPaint.ts)', () => {
    writeFirstPaint([[['josies', 'one', '01a2'], {}]]);
    try {
      const josie = runShell('/josie/01a2');
      expect(josie.preloads).toEqual([...PRELOADS.josie, ...PRELOADS.en]);
      expect(josie.fetches).toEqual([]);
    } finally {
      removeFirstPaint();
    }
  });

  it('sends no early reads when the server answered them in the page for this user, and sends them otherwise', () => {
    const fetchMock = vi.fn(async () => Response.json({}));
    vi.stubGlobal('fetch', fetchMock);
    const session = makeSession('listener');
    storeSession(session);
    try {
      writeFirstPaint([[['feed', 'pages', 'following'], {}]], session.user.id);
      expect(runShell('/').preloads).toEqual([...PRELOADS.feed, ...PRELOADS.en]);
      expect(fetchMock).not.toHaveBeenCalled();
      expect(window.josieEarlyReads).toBeUndefined();

      // Answers written for somebody else (another account signed in since) are no answers.
      writeFirstPaint([[['feed', 'pages', 'following'], {}]], 'someone-else');
      runShell('/');
      expect(fetchMock).toHaveBeenCalledTimes(3);
    } finally {
      removeFirstPaint();
    }
  });

  it('paints the Hebrew skeletons, right to left, where the interface opens in Hebrew (decision 0026)', () => {
    window.localStorage.setItem('i18nextLng', 'he');
    try {
      const home = runShell('/');
      expect(document.documentElement.lang).toBe('he');
      expect(document.documentElement.dir).toBe('rtl');
      expect(home.root?.querySelector('h1')?.textContent).toBe('מוזיקה באוצרות של אנשים שאתם סומכים עליהם');
      expect(home.root?.querySelector('a[href="/signup"]')?.textContent).toBe('בואו נתחיל');
      expect(home.root?.querySelector('nav')?.getAttribute('aria-label')).toBe('ניווט ראשי');
      // The Hebrew texts with the page's scripts: the app renders once they are here.
      expect(home.preloads).toEqual([...PRELOADS.home, ...PRELOADS.he]);
      const josie = runShell('/josie/01a2');
      expect(josie.root?.querySelector('main')?.className).toContain('max-w-[750px]');
      expect(josie.root?.querySelector('[role="status"]')?.textContent).toBe('טוען…');
      storeSession(makeSession('listener'));
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => Response.json({})),
      );
      expect(runShell('/').root?.querySelector('[role="status"]')?.textContent).toBe('טוען…');
    } finally {
      document.documentElement.lang = 'en';
      document.documentElement.dir = 'ltr';
    }
  });

  it('leaves the language and direction the server wrote alone: writing them restyles the whole page', async () => {
    for (const [language, dir] of [
      ['he', 'rtl'],
      ['en', 'ltr'],
    ] as const) {
      window.localStorage.setItem('i18nextLng', language);
      document.documentElement.lang = language;
      document.documentElement.dir = dir;
      const writes: MutationRecord[] = [];
      const observer = new MutationObserver((records) => writes.push(...records));
      // Every write of an attribute is a record, also of the value it holds (as Chromium then restyles).
      observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang', 'dir'] });
      try {
        runShell('/');
        await Promise.resolve();
        expect(writes.map((record) => record.attributeName)).toEqual([]);
        expect(document.documentElement.lang).toBe(language);
        expect(document.documentElement.dir).toBe(dir);
      } finally {
        observer.disconnect();
        window.localStorage.removeItem('i18nextLng');
        document.documentElement.lang = 'en';
        document.documentElement.dir = 'ltr';
      }
    }
  });

  it('opens in Hebrew from the `lng` query, the `i18next` cookie or the browser, and English otherwise', () => {
    const opened = (path: string) => {
      runShell(path);
      return [document.documentElement.lang, document.documentElement.dir];
    };
    expect(opened('/')).toEqual(['en', 'ltr']);
    expect(opened('/?lng=he')).toEqual(['he', 'rtl']);
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie `chooseLanguage` writes, as the browser holds it
    document.cookie = 'i18next=he; path=/';
    try {
      expect(opened('/')).toEqual(['he', 'rtl']);
      // The query comes first in the detection order.
      expect(opened('/?lng=en')).toEqual(['en', 'ltr']);
    } finally {
      // biome-ignore lint/suspicious/noDocumentCookie: clears the cookie above
      document.cookie = 'i18next=; path=/; max-age=0';
    }
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['he-IL', 'en-US']);
    try {
      expect(opened('/')).toEqual(['he', 'rtl']);
    } finally {
      vi.restoreAllMocks();
      document.documentElement.lang = 'en';
      document.documentElement.dir = 'ltr';
    }
  });

  it('paints English where the server says the `language_select` flag is off, whatever was stored', () => {
    window.localStorage.setItem('i18nextLng', 'he');
    document.documentElement.setAttribute('data-language-select', 'off');
    try {
      const { root } = runShell('/');
      expect(document.documentElement.dir).toBe('ltr');
      expect(root?.querySelector('h1')?.textContent).toBe('Music, curated by people you trust');
      // The server's English rendering is kept: the app opens in English.
      window.history.replaceState(null, '', '/josie/01a2');
      document.body.replaceChildren(skeletonDocument());
      const prerendered = document.getElementById('root');
      prerendered?.setAttribute('data-lang', 'en');
      prerendered?.append(Object.assign(document.createElement('h1'), { textContent: 'Rooftop' }));
      runScript();
      expect(document.getElementById('root')?.querySelector('h1')?.textContent).toBe('Rooftop');
      document.documentElement.setAttribute('data-language-select', 'on');
      expect(runShell('/').root?.querySelector('h1')?.textContent).toBe(
        'מוזיקה באוצרות של אנשים שאתם סומכים עליהם',
      );
    } finally {
      document.documentElement.removeAttribute('data-language-select');
      document.documentElement.lang = 'en';
      document.documentElement.dir = 'ltr';
    }
  });

  it("keeps the server's first paint of a josie page in the app's language, and drops it in the other", () => {
    const prerendered = (language: string) => {
      for (const link of document.head.querySelectorAll('link')) link.remove();
      window.history.replaceState(null, '', '/josie/01a2');
      document.body.replaceChildren(skeletonDocument());
      const root = document.getElementById('root');
      root?.setAttribute('data-lang', language);
      root?.append(Object.assign(document.createElement('h1'), { textContent: 'Rooftop' }));
      runScript();
      return document.getElementById('root');
    };
    const kept = prerendered('en');
    expect(kept?.querySelector('h1')?.textContent).toBe('Rooftop');
    expect(kept?.querySelector('main')).toBeNull();
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(
      PRELOADS.josie.length + PRELOADS.en.length,
    );

    // The app opens in English (no Hebrew choice anywhere): a Hebrew first paint would be replaced.
    const dropped = prerendered('he');
    expect(dropped?.querySelector('h1')).toBeNull();
    expect(dropped?.querySelector('main')?.className).toContain('max-w-[750px]');
    expect(dropped?.dataset.lang).toBeUndefined();

    window.localStorage.setItem('i18nextLng', 'he');
    expect(prerendered('he')?.querySelector('h1')?.textContent).toBe('Rooftop');
  });

  it("keeps the server's first paint of the home feed for its user only", () => {
    const session = makeSession('listener');
    storeSession(session);
    const rendered = (user: string) => {
      window.history.replaceState(null, '', '/');
      document.body.replaceChildren(skeletonDocument());
      const root = document.getElementById('root');
      root?.setAttribute('data-lang', 'en');
      root?.setAttribute('data-user', user);
      root?.append(Object.assign(document.createElement('h1'), { textContent: 'Hi, Dana' }));
      runScript();
      return document.getElementById('root');
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({})),
    );
    expect(rendered(session.user.id)?.querySelector('h1')?.textContent).toBe('Hi, Dana');
    const dropped = rendered('someone-else');
    expect(dropped?.querySelector('h1')).toBeNull();
    expect(dropped?.querySelector('[role="status"]')).not.toBeNull();
    expect(dropped?.dataset.user).toBeUndefined();
  });

  it('drops a page rendered for another account, its answers and its direction, for a visitor too', () => {
    window.history.replaceState(null, '', '/');
    document.body.replaceChildren(skeletonDocument());
    document.documentElement.lang = 'he';
    document.documentElement.dir = 'rtl';
    const root = document.getElementById('root');
    root?.setAttribute('data-lang', 'he');
    root?.setAttribute('data-user', 'someone');
    root?.append(Object.assign(document.createElement('h1'), { textContent: 'היי, מישהו' }));
    writeFirstPaint([[['session', 'served'], { email: 'someone@example.test' }]], 'someone');
    try {
      runScript();
      expect(document.getElementById('root')?.textContent).not.toContain('מישהו');
      expect(document.getElementById('josie-first-paint')).toBeNull();
      // The visitor's home skeleton, in the app's language and direction.
      expect(document.documentElement.dir).toBe('ltr');
      expect(document.getElementById('root')?.querySelector('a[href="/signup"]')).not.toBeNull();
    } finally {
      removeFirstPaint();
      document.documentElement.lang = 'en';
      document.documentElement.dir = 'ltr';
    }
  });

  it('leaves a root the app already rendered alone', () => {
    window.history.replaceState(null, '', '/');
    document.body.replaceChildren(skeletonDocument());
    document.getElementById('root')?.append(document.createElement('p'));
    runScript();
    expect(document.getElementById('root')?.children).toHaveLength(1);
  });
});

describe('the skeletons of index.html still match the app', () => {
  const classesOf = (element: Element | null | undefined) =>
    element?.getAttribute('class')?.split(/\s+/).sort();
  const template = (id: string) => {
    const found = skeletonDocument().getElementById(id);
    if (!(found instanceof HTMLTemplateElement)) throw new Error(`index.html has no template #${id}`);
    return found;
  };

  afterEach(() => {
    document.documentElement.lang = 'en';
    document.documentElement.dir = 'ltr';
  });

  it.each([
    ['English', 'en', 'josie-shell-home'],
    ['Hebrew', 'he', 'josie-shell-home-he'],
  ])(
    "copies the header's bar and the home page's hero in %s: same texts, same layout classes",
    async (_, language, id) => {
      const skeleton = document.createElement('div');
      skeleton.append(template(id).content.cloneNode(true));
      window.localStorage.setItem('i18nextLng', language);
      renderApp('/', { flags: { language_select: 'true' } });
      await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', language));
      const hero = (await screen.findByRole('heading', { level: 1 })).closest('section');
      const shellHero = skeleton.querySelector('section');
      await waitFor(() => expect(shellHero?.textContent).toBe(hero?.textContent));
      for (const selector of ['h1', 'p', 'div.relative', 'div.flex.flex-col']) {
        expect(classesOf(shellHero?.querySelector(selector)), selector).toEqual(
          classesOf(hero?.querySelector(selector)),
        );
      }
      const links = (section: Element | null | undefined) =>
        [...(section?.querySelectorAll('a') ?? [])].map((a) => [a.getAttribute('href'), a.textContent]);
      expect(links(shellHero)).toEqual(links(hero));
      const appNav = document.querySelector('#root nav, body > div nav');
      expect(skeleton.querySelector('nav')?.getAttribute('aria-label')).toBe(
        appNav?.getAttribute('aria-label'),
      );
      for (const selector of ['header', 'nav', 'main']) {
        expect(classesOf(skeleton.querySelector(selector)), selector).toEqual(
          classesOf(document.querySelector(`#root ${selector}, body > div ${selector}`)),
        );
      }
    },
  );

  /** A node's markup without its texts: elements, attributes (but labels) and where the texts are. */
  const shape = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return '#text';
    if (!(node instanceof Element)) return '';
    const attributes = [...node.attributes]
      .filter((a) => a.name !== 'aria-label')
      .map((a) => `${a.name}=${a.value}`)
      .join(' ');
    return `<${node.tagName} ${attributes}>${[...node.childNodes].map(shape).join('')}</${node.tagName}>`;
  };
  const texts = (root: Node): string[] => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    while (walker.nextNode()) found.push(walker.currentNode.textContent ?? '');
    return [
      ...found,
      ...[...(root as Element).querySelectorAll('[aria-label]')].map((e) => e.ariaLabel ?? ''),
    ];
  };

  it.each(['josie-shell-home', 'josie-shell-josie', 'josie-shell-bar'])(
    'gives %s a Hebrew twin: the same markup, every text in Hebrew',
    (id) => {
      const english = document.createElement('div');
      english.append(template(id).content.cloneNode(true));
      const hebrew = document.createElement('div');
      hebrew.append(template(`${id}-he`).content.cloneNode(true));
      expect(shape(hebrew)).toBe(shape(english));
      const words = texts(hebrew).filter((text) => /\p{L}/u.test(text));
      expect(words.length).toBeGreaterThan(0);
      // The app's name is written in Latin letters in Hebrew too (common.appName).
      for (const text of words) if (text !== 'Josie') expect(text).toMatch(/\p{Script=Hebrew}/u);
    },
  );
});
