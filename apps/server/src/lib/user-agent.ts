import Bowser from 'bowser';

/** What a User-Agent header says, as the sessions list and the security log show it. */
export interface DescribedAgent {
  /** The browser and its major version, e.g. "Chrome 131"; null when unrecognisable. */
  browser: string | null;
  /** The operating system, e.g. "Android 14", "Windows 10", "macOS"; null when unrecognisable. */
  os: string | null;
}

/** The longest header read: real ones are a few hundred characters, and the parser runs regular expressions. */
const MAX_LENGTH = 512;

const major = (version: string | undefined) => version?.split('.')[0] ?? '';
const join = (name: string | undefined, version: string) => (name ? `${name} ${version}`.trim() : null);

/**
 * Reads browser and OS from a User-Agent header with bowser (docs/decisions/0025-account-and-data.md,
 * "Sessions"). Only major versions are kept: minor ones mean nothing to a person. macOS browsers have
 * reported 10.15.7 since 2020, so macOS is named without a version; Windows by its marketing name ("10",
 * which 11 also reports).
 */
export function describeUserAgent(userAgent: string | null | undefined): DescribedAgent {
  const ua = userAgent?.trim().slice(0, MAX_LENGTH);
  if (!ua) return { browser: null, os: null };
  const { browser, os } = Bowser.parse(ua);
  const osVersion =
    os.name === 'macOS' ? '' : os.name === 'Windows' ? (os.versionName ?? '') : major(os.version);
  return { browser: join(browser.name, major(browser.version)), os: join(os.name, osVersion) };
}
