import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { changeInterfaceLanguage } from '../i18n';
import { EmptyState } from './EmptyState';
import { QueryState } from './QueryState';

/** A read whose answers the test sets: each call takes the next one (an Error is thrown). */
function answers(...replies: (string[] | Error | 'never')[]) {
  const state = { calls: 0 };
  const read = (): Promise<string[]> => {
    const reply = replies[Math.min(state.calls, replies.length - 1)] ?? 'never';
    state.calls += 1;
    if (reply === 'never') return new Promise<string[]>(() => {});
    return reply instanceof Error ? Promise.reject(reply) : Promise.resolve(reply);
  };
  return { state, read };
}

function List({ read, reconnect = true }: { read: () => Promise<string[]>; reconnect?: boolean }) {
  const query = useQuery({ queryKey: ['list'], queryFn: read, retry: false, refetchOnReconnect: reconnect });
  return (
    <QueryState
      query={query}
      errorText="Could not load the list"
      isEmpty={(items) => items.length === 0}
      empty={<EmptyState title="Nothing here yet" />}
    >
      {(items) => (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

afterEach(() => {
  // Unmounted first: back online, a mounted error state would read again after the test.
  cleanup();
  onlineManager.setOnline(true);
});

describe('QueryState', () => {
  it('announces the loading state in a busy region', () => {
    const { read } = answers('never');
    renderWithClient(<List read={read} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading…');
    expect(status.closest('[aria-busy="true"]')).not.toBeNull();
  });

  it('shows the answer, or the empty state when it holds nothing', async () => {
    const { read } = answers([]);
    renderWithClient(<List read={read} />);
    expect(await screen.findByText('Nothing here yet')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a failure by its code, never the server\'s words, and "Try again" reads again', async () => {
    const { state, read } = answers(new ApiError(503, 'SERVICE_UNAVAILABLE', 'Down for upkeep'), ['Noa']);
    renderWithClient(<List read={read} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('ErrorThe service is unavailable right now. Please try again later.');
    expect(alert).not.toHaveTextContent('Down for upkeep');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Noa')).toBeInTheDocument();
    expect(state.calls).toBe(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("falls back to its own text for a general code or a failure that is not the API's", async () => {
    const { read } = answers(new Error('socket hang up'));
    const first = renderWithClient(<List read={read} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the list');
    first.unmount();
    const { read: missing } = answers(new ApiError(404, 'NOT_FOUND', 'Not found'));
    renderWithClient(<List read={missing} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the list');
  });

  it('says it is offline and reads again once the browser is back online', async () => {
    const { state, read } = answers(new Error('offline'), ['Yoni']);
    // The query itself does not refetch on reconnect: the retry is the error state's own.
    renderWithClient(<List read={read} reconnect={false} />);
    await screen.findByRole('alert');
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You are offline: this will load again once you are back online.',
    );
    expect(state.calls).toBe(1);
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('Yoni')).toBeInTheDocument();
    expect(state.calls).toBe(2);
  });

  it('speaks Hebrew', async () => {
    await changeInterfaceLanguage('he');
    const { read: pending } = answers('never');
    const first = renderWithClient(<List read={pending} />);
    expect(screen.getByRole('status')).toHaveTextContent('טוען…');
    first.unmount();

    const { read } = answers(new Error('offline'));
    renderWithClient(<List read={read} />);
    await screen.findByRole('alert');
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('alert')).toHaveTextContent('שגיאה');
    expect(screen.getByRole('alert')).toHaveTextContent('אין חיבור לרשת: התוכן ייטען שוב כשהחיבור יחזור.');
    expect(screen.getByRole('button', { name: 'לנסות שוב' })).toBeInTheDocument();
  });
});
