import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n, i18nReady, LANGUAGE_COOKIE, loadAllTexts } from '../i18n';
import { runAfterTestActions } from './afterTest';
import { fetchStub, installFetchStub } from './fetchStub';
import { removeFirstPaint } from './firstPaint';

await i18nReady;
// Components are also rendered outside the router here, which loads the later English areas for pages.
await loadAllTexts();

const consoleErrors: unknown[][] = [];
/** False in the files that run in Node (`// @vitest-environment node`: the server's renderings). */
const browser = typeof window !== 'undefined';

beforeEach(() => {
  consoleErrors.length = 0;
  // A console.error (React warnings, failed prop types, act() misuse...) fails the test.
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  // Expected failures are logged with console.warn (docs/product/messages.md#errors-from-the-api); keep test
  // output readable.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  if (!browser) return;
  window.localStorage.clear();
  window.sessionStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: happy-dom has no Cookie Store API
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
  installFetchStub();
});

afterEach(async () => {
  runAfterTestActions();
  if (browser) {
    cleanup();
    // A first-paint block a test wrote and no app read does not leak into the next test.
    removeFirstPaint();
    // Sonner keeps undismissed toasts in a module-level store and would replay them into the next test.
    toast.dismiss();
  }
  vi.unstubAllGlobals();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  const unexpected = browser ? fetchStub().unexpected : [];
  if (unexpected.length > 0) {
    throw new Error(`Unexpected requests: ${unexpected.map((r) => `${r.method} ${r.path}`).join(', ')}`);
  }
  if (consoleErrors.length > 0) {
    throw new Error(
      `console.error was called:\n${consoleErrors.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
