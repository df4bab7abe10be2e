import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Josie } from '@josie/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveJosie,
  atCurrentVersion,
  buildJosie,
  buildUser,
  rejectJosie,
  type TestUser,
} from '../../test/factories.js';
import { createTestServices, createWebTestContext, type TestContext } from '../../test/harness.js';
import { josieForm, pngImage } from '../josies/testing.js';
import { CARD_HEIGHT, CARD_WIDTH, renderShareCard } from './render.js';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Josie</title>
    <meta name="description" content="Music curation" />
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** The content of `<meta {attr}="{key}" content="...">`, still escaped. */
function meta(html: string, key: string): string | undefined {
  const attr = key.startsWith('og:') ? 'property' : 'name';
  return new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`).exec(html)?.[1];
}

/** The statistics of a region (sharp's `stats` reads its input, so the region is cut out first). */
async function statsOf(png: Buffer, left: number, top: number, width: number, height: number) {
  const region = await sharp(png).extract({ left, top, width, height }).png().toBuffer();
  return (await sharp(region).stats()).channels.slice(0, 3);
}

/** The largest standard deviation of a region's channels: 0 for a flat colour, more where something is drawn. */
async function spread(png: Buffer, left: number, top: number, width: number, height: number) {
  return Math.max(...(await statsOf(png, left, top, width, height)).map((c) => c.stdev));
}

/** The mean colour of a region, as [r, g, b]. */
async function meanOf(png: Buffer, left: number, top: number, width: number, height: number) {
  return (await statsOf(png, left, top, width, height)).map((c) => Math.round(c.mean));
}

/** Where a test run keeps the drawn cards for a person to look at (`SHARE_CARDS_DIR`), if anywhere. */
function keep(name: string, png: Buffer) {
  const dir = process.env.SHARE_CARDS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), png);
}

describe('drawing a share card (docs/decisions/0044-share-cards.md)', () => {
  let cover: Buffer;
  let avatar: Buffer;
  beforeAll(async () => {
    cover = await pngImage(640, 640, '#1d3557');
    avatar = await pngImage(200, 200, '#e63946');
  });

  it('draws an English title at the start (left), the cover at the end, on the curator colour', async () => {
    const png = await renderShareCard({
      title: 'Night drives need synths: ten tracks for the empty highway',
      name: 'Maya Levi',
      colour: 'Blue',
      font: 'Anton',
      cover,
      avatar,
    });
    keep('english.png', png);
    const info = await sharp(png).metadata();
    expect([info.width, info.height, info.format]).toEqual([CARD_WIDTH, CARD_HEIGHT, 'png']);
    // Not blank: the whole card varies, and the title's first words (top left) differ from the background.
    expect(await spread(png, 0, 0, CARD_WIDTH, CARD_HEIGHT)).toBeGreaterThan(20);
    expect(await spread(png, 72, 72, 240, 80)).toBeGreaterThan(20);
    // The background is the catalogue's Blue (#87A9FF) where nothing is drawn (between title and name).
    expect(await meanOf(png, 72, 442, 200, 20)).toEqual([0x87, 0xa9, 0xff]);
    // The cover sits at the end (right), flat in its own colour.
    expect(await meanOf(png, 700, 150, 300, 300)).toEqual([0x1d, 0x35, 0x57]);
  });

  it('lays a Hebrew title out right to left: the text at the right, the cover at the left', async () => {
    const png = await renderShareCard({
      title: 'שירים לנסיעה בלילה: עשרה שירים לכביש הריק',
      name: 'מאיה לוי',
      colour: 'Yellow',
      font: 'Permanent Marker',
      cover,
      avatar,
    });
    keep('hebrew.png', png);
    const info = await sharp(png).metadata();
    expect([info.width, info.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
    expect(await spread(png, 0, 0, CARD_WIDTH, CARD_HEIGHT)).toBeGreaterThan(20);
    // The title starts at the right edge of its column...
    expect(await spread(png, CARD_WIDTH - 72 - 240, 72, 240, 80)).toBeGreaterThan(20);
    // ...and the cover is at the left; the light Yellow background (#F4FF5E) gets dark text.
    expect(await meanOf(png, 150, 150, 300, 300)).toEqual([0x1d, 0x35, 0x57]);
    expect(await meanOf(png, CARD_WIDTH - 272, 442, 200, 20)).toEqual([0xf4, 0xff, 0x5e]);
  });

  it('draws a card without art or avatar, the title across the width', async () => {
    const png = await renderShareCard({
      title: 'A'.repeat(300),
      name: 'Someone',
      colour: 'not a colour',
      font: '',
      cover: Buffer.from('not an image'),
      avatar: null,
    });
    const info = await sharp(png).metadata();
    expect([info.width, info.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
    // The default pink (#ff69b4) background, and a 300-letter title that shrank to stay on the card.
    expect(await meanOf(png, 0, CARD_HEIGHT - 20, 20, 20)).toEqual([0xff, 0x69, 0xb4]);
    expect(await spread(png, CARD_WIDTH - 300, 72, 200, 60)).toBeGreaterThan(20);
  });
});

describe('share cards of josies and curators: made in the background, served while current', () => {
  let ctx: TestContext;
  let curator: TestUser;
  let editor: TestUser;

  beforeAll(async () => {
    ctx = await createWebTestContext(SHELL, { env: { PUBLIC_URL: 'https://josie.example' } });
    curator = await buildUser(ctx, { role: 'curator', name: 'Maya Levi' });
    editor = await buildUser(ctx, { role: 'editor' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const page = async (path: string, headers: Record<string, string> = {}) =>
    (await ctx.app.inject({ url: path, headers })).body;
  const get = (url: string) => ctx.app.inject({ url: url.replace('https://josie.example', '') });

  /** A josie with an uploaded image, written by `curator` and pending review. */
  async function writeJosie(title: string): Promise<Josie> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/josies',
      headers: curator.auth,
      payload: josieForm(
        { title, paragraphs: [{ type: 'text', content: 'Synths for the empty highway.' }] },
        { bytes: await pngImage(320, 320, '#264653') },
      ),
    });
    expect(res.statusCode).toBe(201);
    return res.json() as Josie;
  }

  it('makes the card on publication; the page names it, and its URL answers an immutable PNG', async () => {
    const josie = await writeJosie('Night drives');
    // Pending: no card, the page unchanged.
    await ctx.app.jobs.idle();
    expect(meta(await page(`/josie/${josie._id}`), 'og:image')).toBeUndefined();

    await approveJosie(ctx, editor, josie._id);
    await ctx.app.jobs.idle();
    const html = await page(`/josie/${josie._id}`);
    const url = meta(html, 'og:image')!;
    expect(url).toMatch(
      new RegExp(`^https://josie\\.example/api/josies/${josie._id}/share-card/v1-[0-9a-f]{16}\\.png$`),
    );
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(url);
    // One image tag: the josie's own picture gave way to the card.
    expect(html.match(/property="og:image"/g)).toHaveLength(1);

    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const info = await sharp(res.rawPayload).metadata();
    expect([info.width, info.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
    // Not the public media: nothing of it under /media/.
    expect((await ctx.app.inject({ url: `/media/share-cards/josies/${josie._id}` })).statusCode).toBe(404);
  });

  it('makes a new card after an edit: the old URL answers 404 while pending and after', async () => {
    const josie = await writeJosie('Before the edit');
    await approveJosie(ctx, editor, josie._id);
    await ctx.app.jobs.idle();
    const first = meta(await page(`/josie/${josie._id}`), 'og:image')!;
    expect((await get(first)).statusCode).toBe(200);

    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/josies/${josie._id}`,
      headers: curator.auth,
      payload: await atCurrentVersion(ctx, josie._id, {
        title: 'After the edit',
        paragraphs: [{ type: 'text', content: 'Synths for the empty highway.' }],
      }),
    });
    expect(edit.statusCode).toBe(200);
    // Back in review: no card is served, the old one included.
    expect((await get(first)).statusCode).toBe(404);
    await approveJosie(ctx, editor, josie._id);
    await ctx.app.jobs.idle();
    const second = meta(await page(`/josie/${josie._id}`), 'og:image')!;
    expect(second).toMatch(/\/share-card\/v2-[0-9a-f]{16}\.png$/);
    expect((await get(second)).statusCode).toBe(200);
    expect((await get(first)).statusCode).toBe(404);
  });

  it('gives a rejected or deleted josie no card, and answers its card URLs 404', async () => {
    const rejected = await writeJosie('Rejected');
    await rejectJosie(ctx, editor, rejected._id, 'Not music');
    // The job itself, run for a rejected josie: it makes nothing.
    await createTestServices(ctx).shareCards.makeJosieCard(rejected._id);
    const guessed = `/api/josies/${rejected._id}/share-card/v1-0123456789abcdef.png`;
    const refused = await ctx.app.inject({ url: guessed });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Share card not found', code: 'NOT_FOUND' });

    const deleted = await writeJosie('Deleted');
    await approveJosie(ctx, editor, deleted._id);
    await ctx.app.jobs.idle();
    const url = meta(await page(`/josie/${deleted._id}`), 'og:image')!;
    expect((await get(url)).statusCode).toBe(200);
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/josies/${deleted._id}`,
      headers: curator.auth,
    });
    expect(gone.statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(404);
    // Malformed ids and names are unknown cards too, never a 400 or 500.
    expect((await ctx.app.inject({ url: '/api/josies/nope/share-card/x.png' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/josies/${deleted._id}/share-card/..%2f..` })).statusCode).toBe(
      404,
    );
  });

  it("keeps a page's own picture until the card exists, then names the card, in English and Hebrew", async () => {
    // Published without the event (as before cards existed): the first view asks for the card.
    const admin = await buildUser(ctx, { role: 'admin' });
    const josie = await buildJosie(ctx, { creator: curator.user._id, title: 'Published long ago' });
    const before = await page(`/josie/${josie.id}`);
    expect(meta(before, 'og:image')).toBeUndefined();
    expect(meta(before, 'twitter:card')).toBe('summary');

    await ctx.app.jobs.idle();
    const languages = (value: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/flags/language_select',
        headers: admin.auth,
        payload: { value },
      });
    expect((await languages('true')).statusCode).toBe(200);
    try {
      const english = await page(`/josie/${josie.id}`, { 'accept-language': 'en' });
      const hebrew = await page(`/josie/${josie.id}`, { 'accept-language': 'he-IL,he;q=0.9' });
      expect(english).toContain('<html lang="en" dir="ltr"');
      expect(hebrew).toContain('<html lang="he" dir="rtl"');
      for (const html of [english, hebrew]) {
        expect(meta(html, 'og:image')).toMatch(
          /\/api\/josies\/[0-9a-f-]{36}\/share-card\/v1-[0-9a-f]{16}\.png$/,
        );
        expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      }
      expect(meta(hebrew, 'og:image')).toBe(meta(english, 'og:image'));
    } finally {
      expect((await languages('false')).statusCode).toBe(200);
    }
  });

  it("names a curator's card on their page once made, and a new one after a profile change", async () => {
    const path = `/curator/${curator.user._id}`;
    // Asked for on the page's first view (the curator has published above).
    await page(path);
    await ctx.app.jobs.idle();
    const url = meta(await page(path), 'og:image')!;
    expect(url).toMatch(
      new RegExp(`^https://josie\\.example/api/users/${curator.user._id}/share-card/[0-9a-f]{16}\\.png$`),
    );
    expect(meta(await page(path), 'twitter:card')).toBe('summary_large_image');
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const info = await sharp(res.rawPayload).metadata();
    expect([info.width, info.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);

    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/profile',
      headers: curator.auth,
      payload: { bio: '', name: 'Maya L.' },
    });
    expect(renamed.statusCode).toBe(200);
    await ctx.app.jobs.idle();
    const next = meta(await page(path), 'og:image')!;
    expect(next).not.toBe(url);
    expect((await get(next)).statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(404);
  });

  it('gives users who never published no card: no tags on their page, 404 for their card URL', async () => {
    const listener = await buildUser(ctx, { role: 'listener' });
    const newcomer = await buildUser(ctx, { role: 'curator' });
    for (const user of [listener, newcomer]) {
      await page(`/curator/${user.user._id}`);
      await createTestServices(ctx).shareCards.makeCuratorCard(user.user._id);
      await ctx.app.jobs.idle();
      expect(meta(await page(`/curator/${user.user._id}`), 'og:image')).toBeUndefined();
      const res = await ctx.app.inject({
        url: `/api/users/${user.user._id}/share-card/0123456789abcdef.png`,
      });
      expect(res.statusCode).toBe(404);
    }
    expect(meta(await page('/curator/not-a-user'), 'og:image')).toBeUndefined();
  });
});
