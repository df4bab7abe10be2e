import { WEAK_PASSWORD_CODE, WEAK_PASSWORD_MESSAGE } from '@josie/contract';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { errors } from '../../lib/errors.js';

/**
 * The lowest zxcvbn score accepted (0-4): 2 means at least 10^6 guesses to find, which the sign-in limits
 * (at most 20 failures per address per 15 minutes, 5 per account and address) make out of reach online.
 * Decision 0011.
 */
export const MIN_PASSWORD_SCORE = 2;

let estimator: ZxcvbnFactory | undefined;

/**
 * zxcvbn with its common-password, common-word and English dictionaries and keyboard graphs, built on
 * first use (the dictionaries take about a second to load) and kept for the process.
 *
 * The check runs on the request's thread, so its cost is bounded: the library's defaults (256 characters,
 * 100 l33t substitutions) took seconds of CPU for 200 random characters, measured. Only the first 64
 * characters are checked (a passphrase that long is not guessed), and at most 4 l33t substitutions are
 * tried, which still finds `p@ssw0rd`; a 64-character password then costs milliseconds.
 */
function strength(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
    maxLength: 64,
    l33tMaxSubstitutions: 4,
  });
  return estimator;
}

/** The words of a user's name and email that a guesser who knows them would try first. */
function personalWords(user: { email: string; name?: string }): string[] {
  const local = user.email.split('@')[0] ?? '';
  const words = [user.email, local, ...local.split(/[^\p{L}\p{N}]+/u)];
  if (user.name) {
    const parts = user.name.toLowerCase().split(/\s+/u);
    words.push(user.name, parts.join(''), ...parts);
  }
  return words.filter((word) => word.length >= 3);
}

/**
 * Refuses a password a guesser would find quickly: a common password, a dictionary word, a keyboard walk
 * or a repeat, or one made of the user's own name or email (zxcvbn, offline). Applies wherever a user
 * chooses a password: sign-up, password reset, the first admin. Decision 0011.
 * @throws AppError 400 `WEAK_PASSWORD` with {@link WEAK_PASSWORD_MESSAGE}.
 */
export function assertStrongPassword(password: string, user: { email: string; name?: string }): void {
  const { score } = strength().check(password, personalWords(user));
  if (score < MIN_PASSWORD_SCORE) throw errors.badRequest(WEAK_PASSWORD_MESSAGE, WEAK_PASSWORD_CODE);
}
