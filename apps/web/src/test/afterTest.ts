/** What tests set up beyond their renderings (subscriptions), undone after each test by `setup.ts`. */
const actions: Array<() => void> = [];

/** Runs `action` once the current test is over. */
export function afterTest(action: () => void): void {
  actions.push(action);
}

/** Runs and forgets every action {@link afterTest} registered (`setup.ts`, after each test). */
export function runAfterTestActions(): void {
  for (const action of actions.splice(0)) action();
}
