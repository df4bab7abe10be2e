import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazyPage';

function Page() {
  return <p>the page</p>;
}

describe('lazyPage', () => {
  it('renders a preloaded page in the first render, without its fallback', async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const LazyPage = lazyPage(load);
    await LazyPage.preload();
    await LazyPage.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <LazyPage />
      </Suspense>,
    );
    // Synchronously: no `findBy`, the first commit already holds the page.
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again on the first render after a failed preload', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Page }>>()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValue({ default: Page });
    const LazyPage = lazyPage(load);
    await expect(LazyPage.preload()).rejects.toThrow('network');
    render(
      <Suspense fallback={<p>loading</p>}>
        <LazyPage />
      </Suspense>,
    );
    expect(await screen.findByText('the page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('suspends like React.lazy when not preloaded, and loads once', async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const LazyPage = lazyPage(load);
    render(
      <Suspense fallback={<p>loading</p>}>
        <LazyPage />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('the page')).toBeInTheDocument();
    await LazyPage.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
