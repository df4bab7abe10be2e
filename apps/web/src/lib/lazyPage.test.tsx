import { act, render, screen } from '@testing-library/react';
import { Component, createRef, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PageSpinner } from '../ui/Spinner';
import { ChunkLoadError } from './importRetry';
import { lazyComponent, lazyPage, retryFailedImports } from './lazyPage';

function Page() {
  return <p>the page</p>;
}

/** No back-off: the tests count tries, not milliseconds. */
const FAST = { retries: 2, minTimeoutMs: 0, isOnline: () => true };

describe('lazyPage', () => {
  it('renders a preloaded page in the first render, without its fallback', async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const LazyPage = lazyPage(load, { fallback: <p>loading</p> });
    await LazyPage.preload();
    await LazyPage.preload();
    render(<LazyPage />);
    // Synchronously: no `findBy`, the first commit already holds the page.
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed import again before giving up, then loads again on the next render', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Page }>>()
      .mockRejectedValueOnce(new TypeError('Importing a module script failed.'))
      .mockRejectedValueOnce(new TypeError('Importing a module script failed.'))
      .mockRejectedValueOnce(new TypeError('Importing a module script failed.'))
      .mockResolvedValue({ default: Page });
    const LazyPage = lazyPage(load, { retry: FAST });
    await expect(LazyPage.preload()).rejects.toBeInstanceOf(ChunkLoadError);
    expect(load).toHaveBeenCalledTimes(3);
    render(<LazyPage />);
    expect(await screen.findByText('the page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('shows its own spinner while loading, so a navigation never holds an empty page', async () => {
    let resolve: (module: { default: typeof Page }) => void = () => {};
    const LazyPage = lazyPage(
      () =>
        new Promise<{ default: typeof Page }>((r) => {
          resolve = r;
        }),
      { fallback: <PageSpinner /> },
    );
    render(<LazyPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await act(async () => resolve({ default: Page }));
    expect(await screen.findByText('the page')).toBeInTheDocument();
  });

  it('keeps a final failure for its error boundary until retryFailedImports, then loads again', async () => {
    let available = false;
    const load = vi.fn(async () => {
      if (!available) throw new TypeError('Importing a module script failed.');
      return { default: Page };
    });
    const LazyPage = lazyPage(load, { retry: { ...FAST, retries: 0 } });
    const boundary = createRef<Boundary>();
    // The failure is expected: React's report of a caught error stays out of the console.
    render(
      <Boundary ref={boundary}>
        <LazyPage />
      </Boundary>,
      { onCaughtError: () => {} },
    );
    expect(await screen.findByText('failed')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    available = true;
    // Rendered again as it is, React's lazy answers its failure without loading.
    act(() => boundary.current?.reset());
    expect(await screen.findByText('failed')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    retryFailedImports();
    act(() => boundary.current?.reset());
    expect(await screen.findByText('the page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('picks the named export also from the module a retry imports by its URL', async () => {
    const chunk = 'http://localhost/assets/NotificationBell-abc.js';
    // The first import fails naming its chunk (as Chromium does); the retry imports that URL and gets the
    // module itself, with its named exports and no default.
    const load = vi.fn(async (): Promise<{ NotificationBell: typeof Page }> => {
      throw new TypeError(`Failed to fetch dynamically imported module: ${chunk}`);
    });
    const importUrl = vi.fn(async (url: string) => {
      expect(url.startsWith(`${chunk}?retry=`)).toBe(true);
      return { NotificationBell: Page };
    });
    const Bell = lazyPage(load, { export: 'NotificationBell', retry: { ...FAST, importUrl } });
    render(
      <Boundary>
        <Bell />
      </Boundary>,
    );
    expect(await screen.findByText('the page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(importUrl).toHaveBeenCalledTimes(1);
  });
});

describe('lazyComponent', () => {
  it('shows its own failure in place when its code never loads, and the page around it stays', async () => {
    let available = false;
    const load = vi.fn(async () => {
      if (!available) throw new TypeError('Importing a module script failed.');
      return { Part: () => <p>the part</p> };
    });
    const Part = lazyComponent(load, {
      export: 'Part',
      fallback: <p>loading the part</p>,
      failed: <p>the part is missing</p>,
      retry: { ...FAST, retries: 0 },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(
      <Boundary>
        <p>the page</p>
        <Part />
      </Boundary>,
      { onCaughtError: () => {} },
    );
    expect(await screen.findByText('the part is missing')).toBeInTheDocument();
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByText('failed')).toBeNull();
    expect(warn).toHaveBeenCalled();

    // Back online: the part loads again by itself.
    available = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('the part')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  reset() {
    this.setState({ failed: false });
  }
  override render() {
    return this.state.failed ? <p>failed</p> : this.props.children;
  }
}
