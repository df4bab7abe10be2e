/**
 * An OpenAI-compatible endpoint (OpenAI itself, or any server speaking the same API: a local model server,
 * a gateway): `POST {AI_BASE_URL}/chat/completions` for text and `POST {AI_BASE_URL}/images/generations`
 * for images. Shapes follow OpenAI's API reference (docs/product/data-and-config.md#configuration).
 */
import { z } from 'zod';
import { ProviderError, providerJson } from './provider-http.js';

const NAME = 'The AI service';

/** The endpoint, its key (optional: local servers often need none) and models. */
export interface OpenAiConfig {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  imageModel: string | null;
}

const ChatCompletion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional() }) })).min(1),
});

const ImagesResponse = z.object({
  data: z.array(z.object({ b64_json: z.string().nullish(), url: z.string().nullish() })).min(1),
});

/** A generated image: its bytes (`b64_json` answers) or a link to download (`url` answers). */
export type GeneratedImage = { kind: 'bytes'; bytes: Buffer } | { kind: 'url'; url: string };

/** Deadlines: generating text takes seconds, an image can take a minute or more. */
export const AI_TEXT_TIMEOUT_MS = 60_000;
export const AI_IMAGE_TIMEOUT_MS = 120_000;

/** A client of the OpenAI-compatible endpoint. */
export function createOpenAiClient(cfg: OpenAiConfig) {
  const headers = (): Record<string, string> => (cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {});
  return {
    /**
     * One chat completion of a single user message.
     * @returns the answer's text (possibly empty).
     * @throws ProviderError.
     */
    async complete(prompt: string, opts: { temperature?: number; maxTokens?: number } = {}): Promise<string> {
      const body = await providerJson(NAME, `${cfg.baseUrl}/chat/completions`, ChatCompletion, {
        json: {
          model: cfg.model,
          messages: [{ role: 'user', content: prompt }],
          ...(opts.temperature === undefined ? {} : { temperature: opts.temperature }),
          ...(opts.maxTokens === undefined ? {} : { max_tokens: opts.maxTokens }),
        },
        headers: headers(),
        timeoutMs: AI_TEXT_TIMEOUT_MS,
      });
      return body.choices[0]?.message.content ?? '';
    },

    /**
     * One image for `prompt`. The answer format is left to the model's default (some models only answer
     * `b64_json` and refuse the `response_format` parameter; others answer a `url`).
     *
     * @throws ProviderError (`not_found` when the endpoint has no image generation).
     */
    async generateImage(prompt: string, opts: { size?: string } = {}): Promise<GeneratedImage> {
      if (!cfg.imageModel) throw new ProviderError(NAME, 'not_found', 'No image model is configured');
      const body = await providerJson(NAME, `${cfg.baseUrl}/images/generations`, ImagesResponse, {
        json: { model: cfg.imageModel, prompt, n: 1, ...(opts.size ? { size: opts.size } : {}) },
        headers: headers(),
        timeoutMs: AI_IMAGE_TIMEOUT_MS,
      });
      const first = body.data[0]!;
      if (first.b64_json) return { kind: 'bytes', bytes: Buffer.from(first.b64_json, 'base64') };
      if (first.url) return { kind: 'url', url: first.url };
      throw new ProviderError(NAME, 'bad_response', `${NAME} answered an image without data`);
    },
  };
}
export type OpenAiClient = ReturnType<typeof createOpenAiClient>;
