import { ERROR_CODES, LIMITS } from '@josie/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import en from '../i18n/locales/en/index.js';
import he from '../i18n/locales/he/index.js';
import { ApiError } from './client';
import { errorText, SHOWN_ERROR_CODES } from './errorText';

describe('error texts (docs/product/messages.md#errors-from-the-api)', () => {
  it("give every code the contract's ERROR_CODES names a text in English and in Hebrew", () => {
    for (const code of Object.values(ERROR_CODES)) expect(SHOWN_ERROR_CODES).toContain(code);
    for (const [language, texts] of [
      ['en', en.errors.api],
      ['he', he.errors.api],
    ] as const) {
      const table = texts as Record<string, string | undefined>;
      for (const code of SHOWN_ERROR_CODES) expect(table[code]?.trim(), `${language} ${code}`).toBeTruthy();
    }
  });

  it("chooses the text by code in the reader's language, never the server's message", async () => {
    const refused = new ApiError(409, ERROR_CODES.EMAIL_TAKEN, 'An account with this email already exists');
    expect(errorText(i18n.t, refused, 'Failed')).toBe(en.errors.api.EMAIL_TAKEN);
    await i18n.changeLanguage('he');
    expect(errorText(i18n.t, refused, 'Failed')).toBe(he.errors.api.EMAIL_TAKEN);
    expect(errorText(i18n.t, new ApiError(413, ERROR_CODES.IMAGE_TOO_MANY_PIXELS, 'x'))).toContain(
      String(LIMITS.imageMaxPixels / 1_000_000),
    );
  });

  it("prefers the screen's own text for general codes, unknown codes and other failures", () => {
    const fallback = 'The josie could not be loaded';
    expect(errorText(i18n.t, new ApiError(404, ERROR_CODES.NOT_FOUND, 'Josie not found'), fallback)).toBe(
      fallback,
    );
    expect(errorText(i18n.t, new ApiError(502, 'HTTP_502', 'Bad Gateway'), fallback)).toBe(fallback);
    expect(errorText(i18n.t, new Error('boom'), fallback)).toBe(fallback);
    expect(errorText(i18n.t, new Error('boom'))).toBe(en.errors.generic);
    expect(
      errorText(i18n.t, new ApiError(429, ERROR_CODES.RATE_LIMITED, 'x'), fallback, { RATE_LIMITED: 'Own' }),
    ).toBe('Own');
  });
});
