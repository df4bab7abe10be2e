import { describe, expect, it } from 'vitest';
import {
  AiGenerateBody,
  ImageSearchQuery,
  OAuthConnectBody,
  OAuthStartQuery,
  ReturnToPath,
} from './integrations.js';

describe('integrations contract', () => {
  it('keeps returnTo on this site', () => {
    for (const ok of [
      '/',
      '/join/abc',
      '/account?tab=connections',
      '/josie/new#top',
      '/a/../account',
      '/..',
    ]) {
      expect(ReturnToPath.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'account',
      '/a b',
      '',
      '/..//evil.example',
      '/.//evil.example',
      '/%2e%2e//evil.example',
      '/x/..\\/evil.example',
    ]) {
      expect(ReturnToPath.safeParse(bad).success, bad).toBe(false);
    }
    expect(OAuthStartQuery.parse({})).toEqual({});
    expect(OAuthConnectBody.parse(null)).toBeNull();
    expect(OAuthConnectBody.parse({ returnTo: '/account' })).toEqual({ returnTo: '/account' });
  });

  it('applies the image search defaults of docs/product/rules-and-limits.md#constants', () => {
    expect(ImageSearchQuery.parse({ query: ' guitar ' })).toEqual({
      query: 'guitar',
      page: 1,
      perPage: 20,
      imageType: 'photo',
      safeSearch: true,
      provider: 'pixabay',
    });
    expect(ImageSearchQuery.parse({ safeSearch: 'false', page: '3' })).toMatchObject({
      safeSearch: false,
      page: 3,
    });
    expect(ImageSearchQuery.safeParse({ provider: 'flickr' }).success).toBe(false);
  });

  it('accepts AI requests with template variables and bounded parameters', () => {
    const body = AiGenerateBody.parse({
      type: 'image',
      templateId: 'album-cover-style',
      variables: { style: 'neon', prompt: 'a car' },
    });
    expect(body.variables).toEqual({ style: 'neon', prompt: 'a car' });
    expect(AiGenerateBody.parse({ type: 'text', templateId: 'enticing-title' }).variables).toEqual({});
    expect(
      AiGenerateBody.safeParse({ type: 'text', templateId: 'x', parameters: { temperature: 3 } }).success,
    ).toBe(false);
    expect(
      AiGenerateBody.safeParse({ type: 'text', templateId: 'x', variables: { 'bad name': 'v' } }).success,
    ).toBe(false);
    expect(
      AiGenerateBody.safeParse({ type: 'text', templateId: 'x', parameters: { size: 'huge' } }).success,
    ).toBe(false);
  });
});
