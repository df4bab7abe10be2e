import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isImageSource } from './image-source.js';

/** The check `isImageSource` replaces: zod's https URL on a real domain, or a stored file. */
const zodHttpsUrl = z.url({ protocol: /^https$/, hostname: z.regexes.domain });
const MEDIA_PATH = /^\/media\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.[A-Za-z0-9]+$/;

describe('isImageSource (docs/product/rules-and-limits.md#image-links)', () => {
  const samples = [
    'https://images.example.com/a.jpg',
    '  https://images.example.com/a.jpg  ',
    'https://i.scdn.co/image/ab67616d0000b273',
    'HTTPS://EXAMPLE.COM/A.PNG',
    'https://example.com:8443/a.png?x=1#y',
    'https://user:pass@example.com/a.png',
    'https://xn--bcher-kva.example/a.png',
    'https://bücher.example/a.png',
    'https://example.c/a.png',
    'https://localhost/a.png',
    'https://127.0.0.1/a.png',
    'https://[::1]/a.png',
    'https://-bad.example.com/a.png',
    'https:example.com/a.png',
    'https:/example.com/a.png',
    'http://images.example.com/a.jpg',
    'ftp://example.com/a.png',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    '//evil.test/a.png',
    '/media/josies/0190a6c2-1b2c-7d3e-8f40-123456789abc.webp',
    '/media/avatars/demo-admin.webp',
    '/media/../secret',
    '/media//a.png',
    '/media/a',
    '',
    ' ',
    'not a url',
    'https://exa mple.com/a.png',
    'https://example.com\n/a.png',
  ];

  it.each(samples)('decides %j as the zod check did', (value) => {
    expect(isImageSource(value)).toBe(MEDIA_PATH.test(value) || zodHttpsUrl.safeParse(value).success);
  });
});
