import {
  type DefaultError,
  type MutateOptions,
  type QueryClient,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation as useTanStackMutation,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/** What tells two calls of one mutation apart: their variables, as JSON (`undefined` for none). */
function callKey(variables: unknown): string {
  try {
    return JSON.stringify(variables) ?? '';
  } catch {
    return '';
  }
}

/**
 * TanStack's `useMutation` with one request in flight per action (docs/decisions/0040-one-request-per-action-and-lazy-parts.md):
 * a call made while the same call (the same variables) is still running sends nothing and answers the
 * running call's promise. A double click, or Enter pressed twice, reaches the handler twice before
 * `isPending` re-renders the button as disabled (TanStack tells React on a later task), so disabling the
 * button alone does not stop the second request. Calls with other variables (another flag, another
 * notification, a newer draft) still go: those are other actions. Every mutation of the app is made with
 * this hook; the lint configuration refuses TanStack's own.
 *
 * @returns TanStack's result, whose `mutate` and `mutateAsync` drop a repeated call as above.
 */
export function useMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
  queryClient?: QueryClient,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const result = useTanStackMutation(options, queryClient);
  const inFlight = useRef(new Map<string, Promise<TData>>());
  const { mutateAsync: send } = result;
  const mutateAsync = useCallback(
    (variables: TVariables, callOptions?: MutateOptions<TData, TError, TVariables, TContext>) => {
      const key = callKey(variables);
      const running = inFlight.current.get(key);
      if (running) return running;
      const call = send(variables, callOptions).finally(() => {
        inFlight.current.delete(key);
      });
      inFlight.current.set(key, call);
      return call;
    },
    [send],
  );
  const mutate = useCallback(
    (variables: TVariables, callOptions?: MutateOptions<TData, TError, TVariables, TContext>) => {
      // As TanStack's own `mutate`: the failure is the mutation's state and callbacks, not a rejection.
      mutateAsync(variables, callOptions).catch(() => {});
    },
    [mutateAsync],
  );
  return { ...result, mutate, mutateAsync } as UseMutationResult<TData, TError, TVariables, TContext>;
}
