import { describe, expect, it } from 'vitest';
import { STUDIO_SERVICES } from './analytics.js';
import { LISTEN_PLATFORMS } from './listening.js';

describe('the studio services (decision 0050)', () => {
  it('are every listening platform, then other', () => {
    expect(STUDIO_SERVICES).toEqual([...LISTEN_PLATFORMS, 'other']);
  });
});
