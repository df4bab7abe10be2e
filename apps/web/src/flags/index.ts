export { FLAGS_STALE_TIME_MS, type FlagsState, flagsQueryKey, useFlag, useFlags } from './useFlags';
