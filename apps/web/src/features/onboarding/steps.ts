import type { LiveListEntry } from '@josie/contract';

/** The wizard's steps in order, as keys of `onboarding.steps.*`. */
export const STEP_KEYS = ['genres', 'interests', 'curators'] as const;
/** A step of the wizard, counted from 1. */
export type Step = 1 | 2 | 3;

/** The names of `wanted` that are in the live list, in the list's spelling (entries an admin removed drop out). */
export function inLiveList(wanted: readonly string[], options: readonly LiveListEntry[]): string[] {
  const byName = new Map(options.map((o) => [o.name.toLowerCase(), o.name]));
  return [...new Set(wanted.map((name) => byName.get(name.toLowerCase())).filter((n): n is string => !!n))];
}

/** `list` with `name` added, or removed when it is there already (names compared case-insensitively). */
export function toggled(list: readonly string[], name: string): string[] {
  const key = name.toLowerCase();
  return list.some((n) => n.toLowerCase() === key)
    ? list.filter((n) => n.toLowerCase() !== key)
    : [...list, name];
}

/**
 * The step to open on: the one reached before, but never past a step whose choices are missing (an admin
 * may have removed every genre chosen, or the choices were never stored).
 */
export function resumeStep(reached: number, genres: readonly string[], interests: readonly string[]): Step {
  if (reached < 2 || genres.length === 0) return 1;
  if (reached < 3 || interests.length === 0) return 2;
  return 3;
}
