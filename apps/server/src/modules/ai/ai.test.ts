import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { media } from '../../db/schema.js';
import { buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { type ImagesHost, STANDIN_CA_FILE, startImagesHost } from '../../test/standins/images-host.js';
import { type OpenAiStandin, openAiError, startOpenAiStandin } from '../../test/standins/openai.js';
import { cleanGeneratedText, renderTemplate } from './template.js';

const TITLE = {
  type: 'text',
  templateId: 'enticing-title',
  variables: { text: 'Synths for a night drive along the coast.' },
};

describe('AI templates', () => {
  it('fills placeholders once, naming every missing or blank one', () => {
    expect(
      renderTemplate('A {{ style }} cover of {{prompt}}.', {
        style: 'neon',
        prompt: 'a {{style}} car',
        extra: 'x',
      }),
    ).toBe('A neon cover of a {{style}} car.');
    expect(() => renderTemplate('{{title}}: {{text}}', { title: '  ' })).toThrow(
      'Missing template variables: title, text',
    );
    expect(() => renderTemplate('{{text}}', {})).toThrow('Missing template variable: text');
  });

  it('cleans generated text of whitespace and one pair of wrapping quotes', () => {
    expect(cleanGeneratedText('  "Neon Nights"\n')).toBe('Neon Nights');
    expect(cleanGeneratedText('“Neon Nights”')).toBe('Neon Nights');
    expect(cleanGeneratedText('Rock "n" Roll')).toBe('Rock "n" Roll');
    expect(cleanGeneratedText('""')).toBe('""');
  });
});

describe('AI, unconfigured', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("answers 'Authentication required' without a valid token, whatever the body", async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/ai/generate',
        headers,
        payload: { nonsense: true },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Authentication required', code: 'UNAUTHENTICATED' });
    }
  });

  it('says AI is not configured (503), and no provider is available', async () => {
    const u = await buildUser(ctx, { role: 'curator' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/ai/generate',
      headers: u.auth,
      payload: TITLE,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'AI is not configured on this server', code: 'NOT_CONFIGURED' });
    for (const type of ['text', 'image']) {
      const list = await ctx.app.inject({ url: `/api/ai/providers?type=${type}`, headers: u.auth });
      expect(list.json()).toEqual({ data: [{ name: 'openai', available: false }] });
    }
  });
});

describe('AI through the OpenAI-compatible stand-in', () => {
  let ctx: TestContext;
  let ai: OpenAiStandin;
  let host: ImagesHost;
  let curator: TestUser;
  beforeAll(async () => {
    host = await startImagesHost();
    ai = await startOpenAiStandin({ imageUrl: `${host.url}/photo.png` });
    ctx = await createTestContext({
      ...ai.env,
      IMAGE_FETCH_ALLOWED_ADDRESSES: '127.0.0.1',
      IMAGE_FETCH_CA_FILE: STANDIN_CA_FILE,
    });
    curator = await buildUser(ctx, { role: 'curator' });
  });
  afterAll(async () => {
    await ctx.close();
    await Promise.all([ai.close(), host.close()]);
  });
  beforeEach(() => {
    ai.reset();
    ai.settings.images = true;
    ai.settings.imageAnswer = 'b64';
    ai.settings.imageUrl = `${host.url}/photo.png`;
  });

  const generate = (payload: object, user: TestUser = curator) =>
    ctx.app.inject({ method: 'POST', url: '/api/ai/generate', headers: user.auth, payload });
  const lastBody = () => ai.requests.at(-1)?.body as Record<string, unknown>;

  it('lists the endpoint as available for text and images', async () => {
    const text = await ctx.app.inject({ url: '/api/ai/providers?type=text', headers: curator.auth });
    expect(text.json()).toEqual({ data: [{ name: 'openai', available: true }] });
    const image = await ctx.app.inject({ url: '/api/ai/providers?type=image', headers: curator.auth });
    expect(image.json()).toEqual({ data: [{ name: 'openai', available: true }] });
    expect(
      (await ctx.app.inject({ url: '/api/ai/providers?type=video', headers: curator.auth })).statusCode,
    ).toBe(400);
  });

  it('generates a title from the stored template (enticing-title)', async () => {
    const res = await generate({
      ...TITLE,
      provider: 'openai',
      parameters: { temperature: 0.7, maxTokens: 30 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { result: 'Neon Nights and Open Roads' } });
    const sent = ai.requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk-standin');
    expect(sent.body).toEqual({
      model: 'standin-chat',
      messages: [
        {
          role: 'user',
          content:
            'Write one short, enticing title (at most 8 words, no quotes) for a music post with this text:\n\nSynths for a night drive along the coast.',
        },
      ],
      temperature: 0.7,
      max_tokens: 30,
    });
  });

  it('generates an image prompt from the josie (image-prompt-from-josie)', async () => {
    const res = await generate({
      type: 'text',
      templateId: 'image-prompt-from-josie',
      variables: { title: 'Night Drive', text: 'Synths and a coast road.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.result).toBe('An image of Describe, in one vivid sentence for');
    expect(JSON.stringify(lastBody().messages)).toContain(
      'Title: Night Drive. Text: Synths and a coast road.',
    );
  });

  it('generates and stores an image (image-from-text, album-cover-style)', async () => {
    const res = await generate({
      type: 'image',
      templateId: 'image-from-text',
      variables: { prompt: 'a neon coast road' },
      parameters: { size: '1024x1024' },
    });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data.result;
    expect(url).toMatch(/^\/media\/josies\/[0-9a-f-]{36}\.webp$/);
    expect(lastBody()).toEqual({
      model: 'standin-image',
      prompt: 'An expressive, colourful illustration for a music post: a neon coast road',
      n: 1,
      size: '1024x1024',
    });
    const [row] = await ctx.database.db
      .select()
      .from(media)
      .where(eq(media.storageKey, url.replace('/media/', '')));
    expect(row).toMatchObject({ ownerId: curator.user._id, kind: 'josie-image', width: 256, height: 256 });
    const served = await ctx.app.inject({ url });
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

    const cover = await generate({
      type: 'image',
      templateId: 'album-cover-style',
      variables: { style: 'synthwave', prompt: 'a car' },
    });
    expect(cover.statusCode).toBe(200);
    expect(lastBody().prompt).toBe('A square album cover in the style of synthwave, showing: a car');
  });

  it('downloads an image answered by link, through the SSRF guard', async () => {
    ai.settings.imageAnswer = 'url';
    const ok = await generate({ type: 'image', templateId: 'image-from-text', variables: { prompt: 'x' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.result).toMatch(/^\/media\/josies\//);
    ai.settings.imageUrl = 'https://10.0.0.1/generated.png';
    const blocked = await generate({
      type: 'image',
      templateId: 'image-from-text',
      variables: { prompt: 'x' },
    });
    expect(blocked.statusCode).toBe(502);
    expect(blocked.json()).toEqual({
      message: 'The generated image could not be downloaded',
      code: 'PROVIDER_ERROR',
    });
  });

  it('says image generation is not available when the endpoint has none (404)', async () => {
    ai.settings.images = false;
    const res = await generate({ type: 'image', templateId: 'image-from-text', variables: { prompt: 'x' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'Image generation is not available on this server',
      code: 'NOT_CONFIGURED',
    });
  });

  it('refuses missing variables and unknown templates', async () => {
    const missing = await generate({ type: 'text', templateId: 'enticing-title', variables: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: 'Missing template variable: text',
      code: 'MISSING_TEMPLATE_VARIABLE',
    });
    const unknown = await generate({ type: 'text', templateId: 'write-a-poem', variables: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('AI template not found');
    expect((await generate({ type: 'music', templateId: 'enticing-title' })).statusCode).toBe(400);
    expect((await generate({ ...TITLE, provider: 'anthropic' })).statusCode).toBe(400);
    expect(ai.requests).toHaveLength(0);
  });

  it('maps AI failures: a refused prompt -> 400, refused key and limits -> 503, errors -> 502', async () => {
    const refused = await generate({
      type: 'image',
      templateId: 'image-from-text',
      variables: { prompt: 'something forbidden' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'The AI service refused this request. Please change the text and try again.',
      code: 'AI_REFUSED',
    });
    ai.failNext('/v1/chat/completions', {
      status: 401,
      body: openAiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'),
    });
    const key = await generate(TITLE);
    expect(key.statusCode).toBe(503);
    expect(key.json().code).toBe('NOT_CONFIGURED');
    ai.failNext('/v1/chat/completions', {
      status: 429,
      body: openAiError('Rate limit reached', 'requests', 'rate_limit_exceeded'),
    });
    expect((await generate(TITLE)).json().code).toBe('PROVIDER_RATE_LIMITED');
    ai.failNext('/v1/chat/completions', {
      status: 500,
      body: openAiError('The server had an error', 'server_error', null),
    });
    expect((await generate(TITLE)).statusCode).toBe(502);
    ai.failNext('/v1/chat/completions', {
      status: 200,
      body: { choices: [{ message: { content: '   ' } }] },
    });
    const empty = await generate(TITLE);
    expect(empty.statusCode).toBe(502);
    expect(empty.json().message).toBe('The AI service answered nothing. Please try again.');
  });

  it('is for authors, 20 generations a minute each', async () => {
    expect((await generate(TITLE, await buildUser(ctx))).statusCode).toBe(403);
    const busy = await buildUser(ctx, { role: 'editor' });
    for (let i = 0; i < 20; i += 1) expect((await generate(TITLE, busy)).statusCode).toBe(200);
    const limited = await generate(TITLE, busy);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    // Another author is not affected.
    expect((await generate(TITLE, await buildUser(ctx, { role: 'admin' }))).statusCode).toBe(200);
  });
});

describe('AI without an image model', () => {
  let ctx: TestContext;
  let ai: OpenAiStandin;
  beforeAll(async () => {
    ai = await startOpenAiStandin();
    const { AI_IMAGE_MODEL: _unused, ...env } = ai.env;
    ctx = await createTestContext(env);
  });
  afterAll(async () => {
    await ctx.close();
    await ai.close();
  });

  it('offers text only', async () => {
    const u = await buildUser(ctx, { role: 'curator' });
    const image = await ctx.app.inject({ url: '/api/ai/providers?type=image', headers: u.auth });
    expect(image.json()).toEqual({ data: [{ name: 'openai', available: false }] });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/ai/generate',
      headers: u.auth,
      payload: { type: 'image', templateId: 'image-from-text', variables: { prompt: 'x' } },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Image generation is not available on this server');
    expect(ai.requests).toHaveLength(0);
    const text = await ctx.app.inject({
      method: 'POST',
      url: '/api/ai/generate',
      headers: u.auth,
      payload: TITLE,
    });
    expect(text.statusCode).toBe(200);
  });
});
