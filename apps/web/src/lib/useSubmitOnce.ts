import { useCallback, useRef } from 'react';

/**
 * A form's submit handler that runs once at a time (docs/decisions/0040-one-request-per-action-and-lazy-parts.md): a submit made while the previous one is
 * still running is dropped (its default action prevented, so the browser does not post the form itself).
 * React Hook Form's `handleSubmit` lets a second Enter or a double click through before `isSubmitting`
 * disables the button; a form that sends through `lib/useMutation.ts` is guarded there instead.
 *
 * @param submit the handler, e.g. `handleSubmit(async (body) => ...)`; its promise marks the end of the run.
 */
export function useSubmitOnce<E extends { preventDefault(): void }>(
  submit: (event?: E) => Promise<unknown> | undefined,
): (event?: E) => Promise<void> {
  const running = useRef(false);
  const latest = useRef(submit);
  latest.current = submit;
  return useCallback(async (event?: E) => {
    if (running.current) {
      event?.preventDefault();
      return;
    }
    running.current = true;
    try {
      await latest.current(event);
    } finally {
      running.current = false;
    }
  }, []);
}
