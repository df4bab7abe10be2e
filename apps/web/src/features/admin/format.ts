/** A short day of the dashboard's series (`lib/shortDay.ts`). */
export { formatShortDay as formatDay } from '../../lib/shortDay';
