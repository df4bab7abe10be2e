import { describe, expect, it } from 'vitest';
import { fetchStub } from './fetchStub';

describe('strict fetch stub', () => {
  it('rejects and records a request no handler expects', async () => {
    await expect(fetch('/api/nothing-here')).rejects.toThrow('Unexpected request GET /api/nothing-here');
    expect(fetchStub().unexpected.map((r) => r.path)).toEqual(['/api/nothing-here']);
    // Forget it so this test itself passes; in any other test it fails the run.
    fetchStub().unexpected.length = 0;
  });

  it('answers the default handlers', async () => {
    const response = await fetch('/api/config/flags');
    expect(await response.json()).toEqual({
      language_select: 'false',
      editor_advanced_mode: 'false',
      audio_input_url_mode: 'true',
      comments: 'true',
      studio: 'true',
    });
  });
});
