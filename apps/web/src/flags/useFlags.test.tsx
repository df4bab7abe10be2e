import { LIMITS } from '@josie/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../api/queryClient';
import { installFetchStub, json } from '../test/fetchStub';
import { FLAGS_STALE_TIME_MS, useFlag, useFlags } from './useFlags';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

describe('feature flags (docs/product/rules-and-limits.md#feature-flags, docs/product/rules-and-limits.md#constants)', () => {
  it('re-reads at the development minimum interval outside production builds', () => {
    expect(FLAGS_STALE_TIME_MS).toBe(LIMITS.flagsFetchIntervalMs.development);
  });

  it('reads the flags with the string semantics', async () => {
    installFetchStub([
      {
        method: 'GET',
        path: '/api/config/flags',
        reply: () =>
          json(200, { language_select: 'yes', editor_advanced_mode: '', audio_input_url_mode: 'false' }),
      },
    ]);
    const { result } = renderHook(
      () => ({
        state: useFlags(),
        language: useFlag('language_select'),
        advanced: useFlag('editor_advanced_mode'),
        urlMode: useFlag('audio_input_url_mode'),
      }),
      { wrapper },
    );
    // Defaults while loading.
    expect(result.current.state.status).toBe('pending');
    expect(result.current.language).toBe(false);
    expect(result.current.urlMode).toBe(true);

    await waitFor(() => expect(result.current.state.status).toBe('success'));
    expect(result.current.language).toBe(true);
    expect(result.current.advanced).toBe(false);
    expect(result.current.urlMode).toBe(false);
  });

  it('keeps the defaults when the flags cannot be loaded', async () => {
    installFetchStub([
      {
        method: 'GET',
        path: '/api/config/flags',
        reply: () => json(500, { message: 'boom', code: 'INTERNAL_ERROR' }),
      },
    ]);
    const { result } = renderHook(() => ({ state: useFlags(), urlMode: useFlag('audio_input_url_mode') }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.state.status).toBe('error'));
    expect(result.current.state.flags).toEqual({
      language_select: 'false',
      editor_advanced_mode: 'false',
      audio_input_url_mode: 'true',
      comments: 'true',
      studio: 'true',
    });
    expect(result.current.urlMode).toBe(true);
    expect(console.warn).toHaveBeenCalled();
  });
});
