/**
 * An OpenAI-compatible stand-in: `POST /v1/chat/completions` and `POST /v1/images/generations` with the
 * shapes of OpenAI's API reference, its error body (`{error: {message, type, code}}`), an API key check,
 * and a switch for endpoints without image generation (404, as many text-only servers answer).
 */
import sharp from 'sharp';
import { createStandinApp, listen, type Standin } from './standin.js';

/** Options of {@link startOpenAiStandin}. */
export interface OpenAiStandinOptions {
  apiKey?: string;
  model?: string;
  imageModel?: string;
  /** `b64` answers `b64_json` (gpt-image style), `url` a link (DALL-E style) to `imageUrl`. */
  imageAnswer?: 'b64' | 'url';
  imageUrl?: string;
  /** False: `/images/generations` answers 404. */
  images?: boolean;
}

/** OpenAI's error body. */
export const openAiError = (message: string, type: string, code: string | null) => ({
  error: { message, type, param: null, code },
});

/**
 * The stand-in's answer to a prompt: a title in quotes for a title request (models add quotes; the server
 * strips them), otherwise a sentence naming the prompt's first words.
 */
export function standinCompletion(prompt: string): string {
  if (/\btitle\b/i.test(prompt.split('\n')[0] ?? '') && !/Title:/.test(prompt))
    return '"Neon Nights and Open Roads"';
  return `An image of ${prompt.split(/\s+/).slice(0, 6).join(' ')}`;
}

/** Starts the OpenAI-compatible stand-in. */
export async function startOpenAiStandin(opts: OpenAiStandinOptions = {}) {
  const { app, requests, failNext, reset } = createStandinApp();
  const apiKey = opts.apiKey ?? 'sk-standin';
  const model = opts.model ?? 'standin-chat';
  const imageModel = opts.imageModel ?? 'standin-image';
  const settings = {
    images: opts.images ?? true,
    imageAnswer: opts.imageAnswer ?? 'b64',
    imageUrl: opts.imageUrl,
  };
  const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#f4ff5e' } })
    .png()
    .toBuffer();

  const authorised = (header: string | undefined) => header === `Bearer ${apiKey}`;

  app.post('/v1/chat/completions', async (request, reply) => {
    if (!authorised(request.headers.authorization)) {
      return reply
        .status(401)
        .send(openAiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
    }
    const body = request.body as { model?: string; messages?: Array<{ role: string; content: string }> };
    if (body.model !== model) {
      return reply
        .status(404)
        .send(
          openAiError(
            `The model \`${body.model}\` does not exist`,
            'invalid_request_error',
            'model_not_found',
          ),
        );
    }
    const prompt = body.messages?.at(-1)?.content ?? '';
    if (!prompt)
      return reply
        .status(400)
        .send(openAiError("'messages' must not be empty", 'invalid_request_error', null));
    return {
      id: 'chatcmpl-standin',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: standinCompletion(prompt), refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 20, completion_tokens: 8, total_tokens: 28 },
    };
  });

  app.post('/v1/images/generations', async (request, reply) => {
    if (!settings.images)
      return reply.status(404).send(openAiError('Not found', 'invalid_request_error', null));
    if (!authorised(request.headers.authorization)) {
      return reply
        .status(401)
        .send(openAiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
    }
    const body = request.body as { model?: string; prompt?: string };
    if (body.model !== imageModel) {
      return reply
        .status(404)
        .send(
          openAiError(
            `The model \`${body.model}\` does not exist`,
            'invalid_request_error',
            'model_not_found',
          ),
        );
    }
    if (/forbidden/i.test(body.prompt ?? '')) {
      return reply
        .status(400)
        .send(
          openAiError(
            'Your request was rejected as a result of our safety system.',
            'image_generation_user_error',
            'content_policy_violation',
          ),
        );
    }
    const data =
      settings.imageAnswer === 'url'
        ? [{ url: settings.imageUrl }]
        : [{ b64_json: png.toString('base64'), revised_prompt: body.prompt }];
    return { created: Math.floor(Date.now() / 1000), data };
  });

  const url = await listen(app);
  return {
    url,
    requests,
    failNext,
    reset,
    settings,
    env: { AI_BASE_URL: `${url}/v1`, AI_API_KEY: apiKey, AI_MODEL: model, AI_IMAGE_MODEL: imageModel },
    close: () => app.close(),
  } satisfies Standin & Record<string, unknown>;
}
export type OpenAiStandin = Awaited<ReturnType<typeof startOpenAiStandin>>;
