// The app's styles and Heebo's Hebrew faces, through a stylesheet of the embed's own (see there).
import './embed.css';
import { EMBED_DATA_BLOCK_ID, type Josie, LANGUAGES, type Language } from '@josie/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { changeInterfaceLanguage, currentLanguage, i18n, i18nReady } from '../i18n';
import enEmbed from '../i18n/locales/en/embed.json';
import heEmbed from '../i18n/locales/he/embed.json';
import { StaticSessionProvider } from '../session/SessionProvider';
import { readStoredSession } from '../session/storage';
import { EmbedView } from './EmbedView';

/**
 * The embed page's entry (`embed.html`, docs/decisions/0043-embeds.md): no router, no app shell, no service
 * worker. It renders the josie the server wrote into the page ({@link EMBED_DATA_BLOCK_ID}; none: the
 * not-found embed) in the language the server chose for `<html lang>` (`?lng=`, the language cookie, the
 * browser's languages), whose direction it keeps.
 */

/** The josie the server wrote into the page, or null (not published, or not readable). */
function servedJosie(): Josie | null {
  const text = document.getElementById(EMBED_DATA_BLOCK_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as Josie;
  } catch {
    return null;
  }
}

/** The page's language as the server wrote it, else English. */
function servedLanguage(): Language {
  const lang = document.documentElement.lang;
  return (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : 'en';
}

/**
 * The reader as this browser knows them: a signed-in reader's listening service decides the player
 * (`activeProvider`), a visitor's kept choice otherwise (docs/decisions/0022-listen-on-your-own-service.md).
 * In another site's frame the browser usually keeps Josie's storage apart from the reader's own, so most
 * readers there are visitors.
 */
function storedReader() {
  const stored = readStoredSession();
  return stored.status === 'valid' ? stored.session.user : null;
}

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('embed.html has no #root element');
  await i18nReady.catch((error: unknown) => console.warn('Translations failed to load', error));
  const language = servedLanguage();
  if (currentLanguage() !== language) await changeInterfaceLanguage(language);
  // The embed's own texts: the `embed` area is not among the first texts. Added once the language's texts
  // are loaded: i18next does not load a language it already holds texts of.
  i18n.addResourceBundle(
    language,
    'translation',
    { embed: language === 'he' ? heEmbed : enEmbed },
    true,
    false,
  );
  createRoot(container).render(
    <StrictMode>
      <StaticSessionProvider user={storedReader()}>
        <EmbedView josie={servedJosie()} />
      </StaticSessionProvider>
    </StrictMode>,
  );
}

void start();
