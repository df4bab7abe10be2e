import { useEffect, useState } from 'react';

/**
 * `value`, once it has stayed the same for `delayMs` milliseconds: a search box asks the server when the
 * typing pauses, not on each keystroke (the admin's user search, the editor's media searches, the header's
 * suggestions; docs/product/rules-and-limits.md#constants).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
