#!/usr/bin/env node
/**
 * Rewrites the citations in source comments so they point into the repository: a section of the original
 * app's specification ("spec 00N §M Label", e.g. document 000, section 2, "Account page"), of the founding
 * design notes ("DESIGN", a section sign and a number such as 9.3) or an issue number ("(issue N)") becomes
 * the file and heading of `docs/product/`, `docs/decisions/` or `docs/performance.md` that now says the same
 * thing (see docs/product/README.md).
 *
 * Pattern-based, not line-based, so it can run on code it has never seen: it tokenizes each file, rewrites
 * only comments (and the names of tests: the first string argument of `describe`, `it`, `test`, ...), and
 * never touches another string, so no user-visible text changes. Running it twice changes nothing the
 * second time. What it cannot rewrite (a citation in a string that is not a test name, an issue number it
 * has no mapping for, a path outside the repository) is listed as a leftover, to fix by hand.
 *
 * Usage: node scripts/cite-docs.mjs [--check] [--quiet] [paths...]
 *   (no paths)  apps packages e2e bench scripts, files .ts .tsx .js .mjs .cjs .css .html
 *   --check     write nothing; exit 1 when a file would change or a leftover exists
 *   --quiet     print only the summary and the leftovers
 * No dependencies: Node's standard library only.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Where the sources that must cite the repository's own docs live (folders and files under the root). */
export const SOURCE_PATHS = [
  'apps',
  'packages',
  'e2e',
  'bench',
  'scripts',
  'vitest.config.ts',
  '.dependency-cruiser.cjs',
];
const EXTENSIONS = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.css', '.html']);
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  'build',
  'coverage',
  'artifacts',
  'test-results',
  'playwright-report',
  '.ssr',
  '.vite',
  'data',
]);
/** The file that holds the patterns on purpose: this script's tables. */
const SELF = new Set(['scripts/cite-docs.mjs']);

// ---------------------------------------------------------------------------------------------------------
// Where each cited section now lives.

const P = 'docs/product/';
const README = `${P}README.md`;
const RR = `${P}routes-and-roles.md`;
const RL = `${P}rules-and-limits.md`;
const MSG = `${P}messages.md`;
const DIFF = `${P}differences.md`;
const DC = `${P}data-and-config.md`;
const DEC = 'docs/decisions/';

/**
 * The specification: `{document: {section: [default target, [label pattern, target]...]}}`. A label is the
 * subsection name a comment gives after the section number (`§5 Image URL`, `§2 "Header and menu"`,
 * `§7 (Audio)`); it is consumed with the number when it matches, and picks the finer target.
 */
const SPEC = {
  '000': {
    1: [`${README}#what-josie-is`],
    2: [
      `${RR}#pages`,
      [/header and menu|header and|menu/, `${RR}#header-and-menu`],
      [/home strip and feed|feed screen|post card and hero|post card|home strip/, `${RR}#home-and-feed`],
      [/public josie view|paragraph types rendered|josie view/, `${RR}#josie-page`],
      [/editor dashboard/, `${RR}#review`],
      [
        /account page|account|notifications|public profile screen|public profile|profile|preferences|connections|security/,
        `${RR}#account`,
      ],
    ],
    3: [
      `${DC}#data`,
      [/feed themes|themes|named colours|named colors/, `${RL}#preferences-and-catalogues`],
      [/user|feed response|stored session|avatar and header responses|profile/, `${DC}#data`],
    ],
    4: [
      RL,
      [/session/, `${RL}#accounts-and-sessions`],
      [
        /active provider|provider-connected cache|auth callback and pending invite|auth callback/,
        `${RL}#sign-in-providers`,
      ],
      [/feature flags/, `${RL}#feature-flags`],
      [/reject flow|josie status|status/, `${RL}#review-flow`],
      [/like/, `${RL}#likes-and-saves`],
      [/feed loading/, `${RL}#feed`],
      [/realtime socket/, `${RR}#realtime`],
      [/onboarding/, `${RL}#onboarding`],
      [/password reset/, `${RL}#passwords-and-reset`],
    ],
    5: [
      RL,
      [/uploads/, `${RL}#account-images`],
      [/reset step [12]|reset/, `${RL}#passwords-and-reset`],
      [/login|signup/, `${RL}#accounts-and-sessions`],
      [/onboarding/, `${RL}#onboarding`],
      [/reject/, `${RL}#review-flow`],
      [/excerpt/, `${RL}#josies`],
      [/video links/, `${RL}#video-links`],
      [/colour validity|color validity/, `${RL}#preferences-and-catalogues`],
      [/flag values/, `${RL}#feature-flags`],
    ],
    6: [`${RR}#roles`],
    7: [`${RR}#api`],
    8: [MSG, [/reset page/, `${MSG}#sign-in-and-account`]],
    9: [`${RL}#constants`],
  },
  '001': {
    1: [`${README}#what-josie-is`],
    2: [
      `${RR}#pages`,
      [/admin/, `${RR}#admin`],
      [/dialogs/, `${RR}#media-dialogs`],
      [/create and edit form|my josies list|my josies/, `${RR}#authoring`],
      [/invite management|invite landing page|invite landing/, `${RR}#invites`],
      [/curator profile/, `${RR}#curator-profile`],
    ],
    3: [
      `${DC}#data`,
      [/catalogues/, `${RL}#preferences-and-catalogues`],
      [/ai template/, `${RL}#ai`],
      [/image search item|image provider|audio search item|video content/, `${RL}#media`],
      [/invite/, `${RL}#invites`],
      [/user|preferences|josie/, `${DC}#data`],
    ],
    4: [
      RL,
      [/invite acceptance|invite/, `${RL}#invites`],
      [/follow/, `${RL}#follows-and-recommendations`],
      [/youtube player/, `${RL}#player`],
      [/image-add tabs/, `${RR}#media-dialogs`],
      [/preferences draft|font load state|font load/, `${RL}#preferences-and-catalogues`],
      [/delete user/, `${RL}#admin`],
      [/josie form/, `${RL}#josies`],
    ],
    5: [
      RL,
      [/image url and upload|image url/, `${RL}#image-links`],
      [/image upload/, `${RL}#image-uploads`],
      [/video url/, `${RL}#video-links`],
      [/audio url/, `${RL}#audio-links`],
      [/ai and search|ai/, `${RL}#ai`],
      [/invite/, `${RL}#invites`],
      [/admin lists/, `${RL}#admin`],
      [/preferences/, `${RL}#preferences-and-catalogues`],
      [/josie/, `${RL}#josies`],
    ],
    6: [`${RR}#roles`],
    7: [`${RR}#api`, [/preferences|invites|curator and follow|admin|josies|audio|images|ai/, `${RR}#api`]],
    8: [
      MSG,
      [/player/, `${MSG}#player`],
      [/invites/, `${MSG}#invites`],
      [/audio url details|josies/, `${MSG}#josies`],
      [/images and search/, `${MSG}#media`],
      [/admin/, `${MSG}#admin`],
      [/preferences/, `${MSG}#sign-in-and-account`],
      [/curator profile/, `${MSG}#feed-and-curators`],
    ],
    9: [`${RL}#constants`],
  },
};

/** The design notes' sections (9.3 in a citation of the notes); a subsection without its own row falls back to its section. */
const DESIGN = {
  1: [`${README}#principles`],
  1.1: [`${README}#everything-works`],
  1.2: [`${README}#runs-anywhere`],
  1.3: [`${README}#external-services-are-adapters`],
  1.4: [`${README}#the-contract-is-code`],
  1.5: [`${README}#server-side-enforcement`],
  2: [`${DC}#stack`],
  3: ['docs/ARCHITECTURE.md'],
  4: [`${DC}#data`],
  5: [
    `${RR}#api`,
    [/keyset pagination|keyset|feed and lists/, `${RL}#feed`],
    [/likes/, `${DIFF}#likes`],
    [/errors/, `${MSG}#errors-from-the-api`],
  ],
  6: [`${RR}#realtime`],
  7: [`${DC}#configuration`],
  8: [`${DC}#testing`],
  9: [DIFF],
  9.1: [`${DIFF}#guards`],
  9.2: [`${DIFF}#paragraph-types`],
  9.3: [`${DIFF}#placeholders-that-work`],
  9.4: [`${DIFF}#provider-tokens`],
  9.5: [`${DIFF}#sign-in-callback`],
  9.6: [`${DIFF}#editing-sends-back-to-review`],
  9.7: [`${DIFF}#invite-expiry`],
  9.8: [`${DIFF}#feed-content`],
  9.9: [`${DIFF}#sign-up-passwords`],
  '9.10': [`${DIFF}#feature-flags`],
  9.11: [`${DIFF}#analytics`],
  9.12: [`${DIFF}#image-search-and-ai-images`],
  9.13: [`${DIFF}#audio-links`],
  9.14: [`${DIFF}#editors-may-edit`],
  9.15: [`${DIFF}#saved-josies`],
  9.16: [`${DIFF}#public-profile`],
  9.17: [`${DIFF}#dates-and-excerpts`],
  9.18: [`${DIFF}#not-built-yet`],
  9.19: [`${DIFF}#not-built-yet`],
  '9.20': [`${DIFF}#not-built-yet`],
  9.21: [`${DIFF}#not-built-yet`],
  9.22: [`${DIFF}#not-built-yet`],
};

/** Issue numbers of the project's history and the document that now holds each topic. */
const ISSUES = {
  2: `${RR}#guards`, // sign-up, sign-in, guards, public pages
  3: `${RL}#josies`, // author, review and read a josie
  4: `${RL}#feed`, // onboarding, following, the live feed, likes, paging
  5: `${RL}#invites`,
  6: `${RR}#account`, // profile, password reset, profile images
  7: `${RL}#media`, // media dialogs, audio and video search, AI
  8: `${RR}#admin`,
  9: 'docs/performance.md', // performance budgets (decisions 0007, 0008)
  10: `${DEC}0005-security-and-reliability-checks.md`, // hardening, first round
  11: `${RL}#notifications-and-install`, // emails, Web Push, the installable app
  16: `${DEC}0009-operational-hardening.md`, // hardening, second round
  23: `${DEC}0012-lazy-pages-on-a-flaky-network.md`, // a flaky network
};

// ---------------------------------------------------------------------------------------------------------
// Rewriting one piece of comment text.

const LABEL_END = /^(?![A-Za-z0-9-])/;

/** Whether `text` starts with one of `rows`' label patterns (whole words); answers [length, target] or null. */
function matchLabel(text, rows, whole) {
  const lower = text.toLowerCase();
  for (const [pattern, target] of rows) {
    const re = new RegExp(`^(?:${pattern.source})`);
    const m = re.exec(lower);
    if (!m) continue;
    const rest = lower.slice(m[0].length);
    if (whole ? rest.trim() === '' : LABEL_END.test(rest)) return [m[0].length, target];
  }
  return null;
}

/**
 * Finer targets by the citing file's path, for a citation that named a whole section (document 000, section
 * 4) and so points at a whole file or at a general heading: a comment in `features/invites/` about §4 is
 * about the invite rules. The first row whose pattern matches the path wins; none: the target stays as it is.
 */
const PATH_HINTS = {
  [RL]: [
    [/mail|notification|push/i, '#notifications-and-install'],
    [/invite|join/i, '#invites'],
    [/onboarding/i, '#onboarding'],
    [/reset|password/i, '#passwords-and-reset'],
    [/review|EditorDashboard/i, '#review-flow'],
    [/youtube|player/i, '#player'],
    [/image/i, '#media'],
    [/audio|video|media|dialogs/i, '#media'],
    [/follow|recommend|curator/i, '#follows-and-recommendations'],
    [/like|saved?\b/i, '#likes-and-saves'],
    [/feed|realtime|socket/i, '#feed'],
    [/flag/i, '#feature-flags'],
    [/oauth|provider|connection|callback/i, '#sign-in-providers'],
    [/session|auth|login|signup/i, '#accounts-and-sessions'],
    [/avatar|upload|account/i, '#account-images'],
    [/(^|\/)ai(\/|\.)/i, '#ai'],
    [/admin/i, '#admin'],
    [/preferences|font|colou?r|theme/i, '#preferences-and-catalogues'],
    [/analytics/i, '#analytics'],
    [/i18n|language/i, '#language-and-direction'],
    [/catalogues/i, '#preferences-and-catalogues'],
    [/josie|editor|draft|dates|\/text\.|excerpt/i, '#josies'],
    [/social/i, '#follows-and-recommendations'],
    [/integrations/i, '#media'],
    [/api\/client/i, '#accounts-and-sessions'],
  ],
  [MSG]: [
    [/invite|join/i, '#invites'],
    [/player|youtube/i, '#player'],
    [/image|video|audio|dialogs/i, '#media'],
    [/admin/i, '#admin'],
    [/feed|curator|recommend/i, '#feed-and-curators'],
    [/josie|review|editor/i, '#josies'],
    [/account|auth|login|signup|reset|session|onboarding|preferences|oauth/i, '#sign-in-and-account'],
    [/apps\/server|packages\/contract|api\/client|ui\/|flags|analytics|test\//i, '#errors-from-the-api'],
  ],
  [`${DC}#data`]: [
    [/flags/i, `${RL}#feature-flags`],
    [/catalogues/i, `${RL}#preferences-and-catalogues`],
  ],
  [`${RR}#pages`]: [
    [/admin/i, '#admin'],
    [/invite|join/i, '#invites'],
    [/curator/i, '#curator-profile'],
    [/onboarding/i, '#onboarding'],
    [/account|profile|avatar|uploads/i, '#account'],
    [/review|EditorDashboard/i, '#review'],
    [/dialogs|image|audio|video/i, '#media-dialogs'],
    [/my-?josies|editor|draft/i, '#authoring'],
    [/josie/i, '#josie-page'],
    [/feed|home/i, '#home-and-feed'],
    [/static|contact|about|terms|privacy|newsletter/i, '#static-pages'],
    [/layout|menu|header|nav/i, '#header-and-menu'],
    [/oauth/i, '#pages'],
    [/router|guard|auth|login|signup/i, '#guards'],
  ],
};

function refine(target, file) {
  const rows = file && PATH_HINTS[target];
  if (!rows) return target;
  const base = target.split('#')[0];
  for (const [pattern, anchor] of rows) {
    if (pattern.test(file)) return anchor.startsWith('docs/') ? anchor : base + anchor;
  }
  return target;
}

/** Blank space inside a comment, across a line break into the comment's next line (` * `). */
const GAP = String.raw`(?:[ \t]|\n[ \t]*\*(?!\/)|\n[ \t]*)`;
const SEPARATOR = /,|&|\band\b/;

/**
 * After a section number: a label in quotes, in parentheses (one or more, comma-separated) or bare.
 * Answers the characters consumed and the targets the label picks ([] when there is no label).
 */
function readLabel(text, rows) {
  if (!rows.length) return [0, []];
  let m = new RegExp(`^${GAP}*(["'])([^"'\\n]{1,60})\\1`).exec(text);
  if (m) {
    const hit = matchLabel(m[2], rows, true);
    return hit ? [m[0].length, [hit[1]]] : [0, []];
  }
  m = new RegExp(`^${GAP}*\\(([^()]{1,100})\\)`).exec(text);
  if (m) {
    const hits = m[1].split(',').map((part) => matchLabel(part.replace(/^[\s*]+|\s+$/g, ''), rows, true));
    return hits.every(Boolean) ? [m[0].length, hits.map((h) => h[1])] : [0, []];
  }
  m = /^[ \t]+/.exec(text);
  if (m) {
    const hit = matchLabel(text.slice(m[0].length), rows, false);
    if (hit) return [m[0].length + hit[0], [hit[1]]];
  }
  return [0, []];
}

/**
 * Reads the sections after `spec 00N` or `DESIGN`: `§2`, `§2-§4`, `§5 Image URL`, `, §6`, ` and §7`, also
 * across a line break of a block comment. A note that is not a label ("§2 (/auth/callback), §7") stays, as
 * prose after its section's target, when another section follows it.
 * Answers the characters consumed and the pieces `{targets, note}`, or null when no section follows.
 */
function readSections(text, table, numberPattern) {
  const section = new RegExp(
    `^(${GAP}*(?:,|&|and)?${GAP}*)§(${numberPattern})(?:${GAP}*[-–]${GAP}*§?(${numberPattern}))?`,
  );
  const note = /^([ \t]*\([^()]{1,100}\)|[ \t]+[^,;§()\n]{1,40}?)(?=[ \t]*,(?:\s|\*)*§)/;
  let at = 0;
  const pieces = [];
  for (;;) {
    const m = section.exec(text.slice(at));
    if (!m) break;
    if (SEPARATOR.test(m[1]) !== at > 0) break;
    const from = m[2];
    const to = m[3];
    const keys = [from];
    if (to) keys.push(...between(from, to), to);
    at += m[0].length;
    const rows = rowsOf(table, from);
    const [length, labelled] = keys.length === 1 ? readLabel(text.slice(at), rows.slice(1)) : [0, []];
    at += length;
    const piece = { targets: labelled.length ? labelled : keys.map((k) => rowsOf(table, k)[0]), note: '' };
    if (!labelled.length) {
      const n = note.exec(text.slice(at));
      if (n) {
        piece.note = n[1];
        at += n[1].length;
      }
    }
    pieces.push(piece);
  }
  return at ? [at, pieces] : null;
}

/** The sections strictly between two of one range: `3`..`5` -> `4`; `9.3`..`9.5` -> `9.4`. */
function between(from, to) {
  const [a, b = ''] = from.split('.');
  const [c, d = ''] = to.split('.');
  const keys = [];
  if (!b && !d) for (let n = Number(a) + 1; n < Number(c); n++) keys.push(String(n));
  else if (a === c && b && d) for (let n = Number(b) + 1; n < Number(d); n++) keys.push(`${a}.${n}`);
  return keys;
}

function rowsOf(table, key) {
  return table[key] ?? table[String(key).split('.')[0]] ?? [null];
}

/**
 * The text of one citation's pieces: each target once, a file's own entry left out when a heading of that
 * file is also cited, notes kept after their targets.
 */
function render(pieces, file) {
  const all = pieces.flatMap((p) => p.targets).map((t) => refine(t, file));
  const anchored = new Set(all.filter((t) => t.includes('#')).map((t) => t.split('#')[0]));
  const seen = new Set();
  const out = [];
  for (const piece of pieces) {
    const targets = piece.targets
      .map((t) => refine(t, file))
      .filter((t) => t.includes('#') || !anchored.has(t))
      .filter((t) => piece.note || !seen.has(t));
    if (!targets.length && !piece.note) continue;
    for (const t of targets) seen.add(t);
    out.push((targets.length ? targets : [refine(piece.targets[0], file)]).join(', ') + piece.note);
  }
  return out.join(', ');
}

const dedupe = (targets) => [...new Set(targets)];

/**
 * Rewrites every citation in `text` (a comment or a test name) of the file `file` (its path picks finer
 * headings, see {@link PATH_HINTS}). Answers the new text and how many citations it rewrote; unknown
 * sections and issue numbers are left as they are, for the leftover list.
 */
export function rewriteText(text, file = '') {
  let count = 0;
  let out = text;

  // "Issue N: the admin area end to end." at the head of a sentence: the topic, then where it is written.
  out = out.replace(
    /\b[Ii]ssues? (\d+)(?:\s+items?\s+\d+(?:\s*(?:,|and|-|–)\s*\d+)*)?(?:\s+§\d+)?: ([^.\n]*)(\.(?=\s|\*|$)|(?=\n|$))/g,
    (all, n, rest, stop) => {
      const target = ISSUES[n];
      if (!target || rest.trim() === '') return all;
      count++;
      return `${rest[0].toUpperCase()}${rest.slice(1)} (${refine(target, file)})${stop}`;
    },
  );

  // "spec 00N §2 Account page, §5 Uploads", "Spec 00N §7 (Audio)", "§3-§4", "(00N §5 Video URL)", a bare
  // "spec 00N" (N: 0 or 1).
  out = replaceCitations(
    out,
    new RegExp(String.raw`\b[Ss]pec${GAP}+(00\d)\b|(?<=\(|\bspec's,? )(00[01])(?= §\d)`, 'g'),
    (doc) => SPEC[doc],
    '\\d+',
    (doc) => (SPEC[doc] ? [{ targets: [README], note: '' }] : null),
  );
  // the design notes: a section sign and 9.3, or 5, §9.11
  out = replaceCitations(
    out,
    new RegExp(String.raw`\bDESIGN(?=${GAP}+§)`, 'g'),
    () => DESIGN,
    '\\d+(?:\\.\\d+)?',
    () => null,
  );

  // "issue N", "(issue N item 5)", "issue N §3", "issues N and M"
  out = out.replace(
    /\b[Ii]ssues? (\d+)((?:\s*(?:,|and)\s*\d+)*)(?:\s+items?\s+\d+(?:\s*(?:,|and|-|–)\s*\d+)*)?(?:\s+§\d+)?/g,
    (all, first, more) => {
      const numbers = [first, ...(more.match(/\d+/g) ?? [])];
      if (!numbers.every((n) => ISSUES[n])) return all;
      count++;
      return dedupe(numbers.map((n) => refine(ISSUES[n], file))).join(', ');
    },
  );

  if (out !== text) out = collapseRepeats(out);
  return { text: out, count };

  function replaceCitations(input, head, tableOf, numberPattern, bare) {
    let result = '';
    let last = 0;
    head.lastIndex = 0;
    for (let m = head.exec(input); m; m = head.exec(input)) {
      const doc = m[1] ?? m[2];
      const table = tableOf(doc);
      if (!table) continue;
      const after = m.index + m[0].length;
      const read = readSections(input.slice(after), table, numberPattern);
      let pieces;
      let end = after;
      if (!read) {
        pieces = bare(doc);
        if (!pieces || m[2]) continue;
      } else if (read[1].every((p) => p.targets.every(Boolean))) {
        [end, pieces] = [after + read[0], read[1]];
      } else continue;
      result += input.slice(last, m.index) + render(pieces, file);
      last = end;
      head.lastIndex = end;
      count++;
    }
    return result + input.slice(last);
  }
}

/** "a.md#x, a.md#x" -> "a.md#x": two citations of one section rewritten side by side. */
function collapseRepeats(text) {
  return text.replace(/(docs\/[\w./-]+(?:#[\w-]+)?)(?:(?:,|;)?\s(?:and\s)?\1(?![\w#/-]|\.\w))+/g, '$1');
}

// ---------------------------------------------------------------------------------------------------------
// Finding comments and test names in a file.

const REGEX_AFTER_WORD = new Set([
  'return',
  'typeof',
  'case',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'yield',
  'await',
  'else',
  'do',
  'instanceof',
]);
const TEST_EACH =
  /(?:^|[^\w$.])(?:describe|it|test)(?:\.[\w$]+)*\.each\s*\((?:(?!\b(?:describe|it|test)\s*\()[\s\S])*\)\s*\(\s*$/;
const TEST_CALL = /(?:^|[^\w$.])(?:describe|it|test|suite|bench|context)(?:\.[\w$]+)*\s*\(\s*$/;

/**
 * The comments and string literals of a JavaScript or TypeScript (or CSS) source, as
 * `{kind: 'comment' | 'string', start, end}` ranges of their contents (without delimiters). Strings end at
 * a line break when unterminated, so a misread JSX apostrophe cannot swallow the file.
 */
export function scanScript(src, { lineComments = true } = {}) {
  const ranges = [];
  const templateDepths = [];
  let depth = 0;
  let prev = ''; // last significant code character, or the last word
  let i = 0;
  const n = src.length;
  const isWord = (c) => /[\w$]/.test(c);

  const readTemplate = () => {
    // at the character after "`" or after the "}" closing a ${...}
    const start = i;
    while (i < n) {
      const c = src[i];
      if (c === '\\') {
        i += 2;
        continue;
      }
      if (c === '`') {
        ranges.push({ kind: 'template', start, end: i });
        i++;
        prev = '`';
        return;
      }
      if (c === '$' && src[i + 1] === '{') {
        ranges.push({ kind: 'template-part', start, end: i });
        templateDepths.push(depth);
        depth++;
        i += 2;
        prev = '{';
        return;
      }
      i++;
    }
  };

  while (i < n) {
    const c = src[i];
    const d = src[i + 1];
    if (c === '/' && d === '/' && lineComments) {
      const end = src.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      ranges.push({ kind: 'comment', start: i + 2, end: stop });
      i = stop;
      continue;
    }
    if (c === '/' && d === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end;
      ranges.push({ kind: 'comment', start: i + 2, end: stop });
      i = stop + 2;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < n && src[j] !== c && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
      ranges.push({ kind: 'string', start: i + 1, end: Math.min(j, n) });
      i = j + 1;
      prev = c;
      continue;
    }
    if (c === '`' && lineComments) {
      i++;
      readTemplate();
      continue;
    }
    if (c === '{') {
      depth++;
      prev = c;
      i++;
      continue;
    }
    if (c === '}') {
      depth--;
      i++;
      if (templateDepths.length && templateDepths[templateDepths.length - 1] === depth) {
        templateDepths.pop();
        readTemplate();
      } else prev = c;
      continue;
    }
    if (c === '/' && lineComments) {
      const regexAllowed = prev === '' || /[(,=:[!&|?{};+\-*%<>~^}]/.test(prev) || REGEX_AFTER_WORD.has(prev);
      if (regexAllowed) {
        let j = i + 1;
        let inClass = false;
        while (j < n && src[j] !== '\n') {
          if (src[j] === '\\') j += 2;
          else if (src[j] === '/' && !inClass) break;
          else {
            if (src[j] === '[') inClass = true;
            else if (src[j] === ']') inClass = false;
            j++;
          }
        }
        if (j < n && src[j] === '/') {
          i = j + 1;
          while (i < n && /[a-z]/.test(src[i])) i++;
          prev = 'regex';
          continue;
        }
      }
      prev = c;
      i++;
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (isWord(c)) {
      let j = i;
      while (j < n && isWord(src[j])) j++;
      prev = src.slice(i, j);
      i = j;
      continue;
    }
    prev = c;
    i++;
  }
  return ranges;
}

/** The `<!-- ... -->` comments of an HTML file. */
function scanHtml(src) {
  const ranges = [];
  const re = /<!--([\s\S]*?)-->/g;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    ranges.push({ kind: 'comment', start: m.index + 4, end: m.index + 4 + m[1].length });
  }
  return ranges;
}

/** Whether the string at `start` is a test's name: the first argument of `describe(`, `it(`, `test(`... */
function isTestName(src, range) {
  const before = src.slice(Math.max(0, range.start - 120), range.start - 1);
  if (TEST_CALL.test(before)) return true;
  // it.each([...])('name %s', ...): the table ends with ")(" right before the name.
  const wide = src.slice(Math.max(0, range.start - 2000), range.start - 1);
  return /\)\s*\(\s*$/.test(wide) && TEST_EACH.test(wide);
}

/**
 * Rewrites the citations in the comments and test names of one file's source.
 * @returns the new source and the number of citations rewritten.
 */
export function rewriteSource(src, file) {
  const ext = extname(file);
  const ranges = ext === '.html' ? scanHtml(src) : scanScript(src, { lineComments: ext !== '.css' });
  let out = '';
  let last = 0;
  let count = 0;
  for (const range of ranges) {
    const rewritable =
      range.kind === 'comment' ||
      ((range.kind === 'string' || range.kind === 'template') && isTestName(src, range));
    if (!rewritable) continue;
    const piece = src.slice(range.start, range.end);
    const rewritten = rewriteText(piece, file);
    if (!rewritten.count) continue;
    out += src.slice(last, range.start) + rewritten.text;
    last = range.end;
    count += rewritten.count;
  }
  return { text: out + src.slice(last), count };
}

// ---------------------------------------------------------------------------------------------------------
// Leftovers and the command line.

/**
 * What a source must not hold anywhere once rewritten, each with what it stands for: the guard test
 * (apps/server/src/security/docs-citations.test.ts) checks every source against this same list.
 */
export const FORBIDDEN = [
  { what: 'a section of the original specification', pattern: /\b[Ss]pec 00\d/ },
  { what: 'a section of the design notes', pattern: /\bDESIGN \u00a7|\bDESIGN\.md\b/ },
  { what: 'an issue number', pattern: /\b[Ii]ssues? \d+/ },
  { what: 'a practice of the founding style notes', pattern: /\bSTYLE (?:practice|anti-pattern) \d/ },
  { what: 'a path outside the repository', pattern: /\.\.\/shared\b|\/work\/shared\b/ },
  // a section sign left behind by a citation split oddly (standards' sections such as "RFC 8030 §5" are fine)
  { what: 'a section sign left from a citation', pattern: /(?<!(?:RFC \d{3,5}|oEmbed 1\.0) )§\d/ },
];

export function leftovers(src) {
  const found = [];
  src.split('\n').forEach((line, index) => {
    if (FORBIDDEN.some(({ pattern }) => pattern.test(line)))
      found.push({ line: index + 1, text: line.trim() });
  });
  return found;
}

/** Every source file under the {@link SOURCE_PATHS} (absolute paths), this script excepted. */
export function* sourceFiles() {
  for (const root of SOURCE_PATHS) {
    for (const file of files(resolve(ROOT, root))) {
      if (!SELF.has(relative(ROOT, file).split(sep).join('/'))) yield file;
    }
  }
}

function* files(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    if (EXTENSIONS.has(extname(path))) yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory() && (SKIP_DIRS.has(entry.name) || entry.name.startsWith('.'))) continue;
    yield* files(join(path, entry.name));
  }
}

function main(argv) {
  const check = argv.includes('--check');
  const quiet = argv.includes('--quiet');
  const paths = argv.filter((a) => !a.startsWith('--'));
  const roots = (paths.length ? paths : SOURCE_PATHS).map((p) => resolve(ROOT, p));
  let changedFiles = 0;
  let citations = 0;
  const left = [];
  for (const root of roots) {
    for (const file of files(root)) {
      const rel = relative(ROOT, file).split(sep).join('/');
      if (SELF.has(rel)) continue;
      const src = readFileSync(file, 'utf8');
      const { text, count } = rewriteSource(src, rel);
      if (text !== src) {
        changedFiles++;
        citations += count;
        if (!quiet) console.log(`${check ? 'would rewrite' : 'rewrote'} ${count} in ${rel}`);
        if (!check) writeFileSync(file, text);
      }
      for (const l of leftovers(text)) left.push(`${rel}:${l.line}: ${l.text}`);
    }
  }
  console.log(
    `${check ? 'would rewrite' : 'rewrote'} ${citations} citation(s) in ${changedFiles} file(s); ${left.length} leftover line(s)`,
  );
  for (const l of left) console.log(`  leftover ${l}`);
  if (check && (changedFiles || left.length)) process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
