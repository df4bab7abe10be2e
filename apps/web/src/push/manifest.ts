import { MANIFESTS } from '@josie/contract';

/**
 * The web app manifests (docs/product/rules-and-limits.md#notifications-and-install): one per interface
 * language, so the installed app's description and shortcuts read in that language with its `lang` and `dir`
 * (`/manifest.webmanifest` is English, left to right; `/manifest.he.webmanifest` Hebrew, right to left). Both
 * share `id` and `start_url`: it is one app whichever language installed it.
 */
export { MANIFESTS };

/** The manifest of a document language (`<html lang>`); English for anything else. */
export function manifestHref(language: string | null | undefined): string {
  return language?.toLowerCase().startsWith('he') ? MANIFESTS.he : MANIFESTS.en;
}

/**
 * Keeps `<link rel="manifest">` on the manifest of the document's language as it changes (the i18n setup
 * sets `<html lang>`), so installing from a Hebrew page installs the Hebrew manifest.
 * @returns a function that stops following the language.
 */
export function followDocumentLanguage(doc: Document = document): () => void {
  const apply = () => {
    const link = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const href = manifestHref(doc.documentElement.lang);
    if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
  };
  const observer = new MutationObserver(apply);
  observer.observe(doc.documentElement, { attributes: true, attributeFilter: ['lang'] });
  apply();
  return () => observer.disconnect();
}
