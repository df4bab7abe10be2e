import {
  type AiGenerateBody,
  type AiGenerateResponse,
  type AiGenerationType,
  type AiProvidersResponse,
  ERROR_CODES,
  INTEGRATION_ERROR_CODES,
} from '@josie/contract';
import type { OpenAiClient } from '../../adapters/openai.js';
import { ProviderError, providerAppError } from '../../adapters/provider-http.js';
import type { Db } from '../../db/client.js';
import { AppError, errors } from '../../lib/errors.js';
import { SafeFetchError, type SafeFetcher } from '../../lib/ssrf.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { ImageStore } from '../images/index.js';
import { findTemplateContent } from './queries.js';
import { cleanGeneratedText, renderTemplate } from './template.js';

const codes = INTEGRATION_ERROR_CODES;
const notConfigured = () => new AppError(503, codes.NOT_CONFIGURED, 'AI is not configured on this server');
const noImages = () =>
  new AppError(503, codes.NOT_CONFIGURED, 'Image generation is not available on this server');

/** A provider failure as a person reads it; a refused request (content rules) is theirs to change. */
function aiError(err: unknown): unknown {
  if (err instanceof ProviderError && err.kind === 'bad_request') {
    return errors.badRequest(
      'The AI service refused this request. Please change the text and try again.',
      ERROR_CODES.AI_REFUSED,
    );
  }
  return providerAppError(err, { userToken: false });
}

/**
 * AI generation for the editor (docs/product/rules-and-limits.md#ai, docs/product/routes-and-roles.md#api;
 * docs/product/rules-and-limits.md#media): renders a stored template (`ai_templates`, editable by admins)
 * with the caller's variables and asks the OpenAI-compatible endpoint for text, or for an image which is
 * stored like an upload and answered as our URL.
 */
export function createAiService(deps: {
  db: Db;
  openai: OpenAiClient | null;
  imagesAvailable: boolean;
  store: ImageStore;
  fetcher: SafeFetcher;
}) {
  const { db, openai, store, fetcher } = deps;

  async function image(actor: AuthUser, client: OpenAiClient, prompt: string, size: string | undefined) {
    let generated: Awaited<ReturnType<OpenAiClient['generateImage']>>;
    try {
      generated = await client.generateImage(prompt, size ? { size } : {});
    } catch (err) {
      // No image model, or an endpoint without `/images/generations` (404).
      if (err instanceof ProviderError && err.kind === 'not_found') throw noImages();
      throw aiError(err);
    }
    let bytes: Buffer;
    if (generated.kind === 'bytes') {
      bytes = generated.bytes;
    } else {
      // A link from the AI endpoint is still a URL from outside: same guard as a user's image URL.
      try {
        ({ bytes } = await fetcher.fetch(generated.url));
      } catch (err) {
        if (err instanceof SafeFetchError) {
          throw new AppError(502, codes.PROVIDER_ERROR, 'The generated image could not be downloaded');
        }
        throw err;
      }
    }
    try {
      return await store.save(actor.id, bytes);
    } catch (err) {
      if (err instanceof AppError && err.code === codes.INVALID_IMAGE) {
        throw new AppError(
          502,
          codes.PROVIDER_ERROR,
          'The AI service answered something that is not an image',
        );
      }
      throw err;
    }
  }

  return {
    /** `GET /api/ai/providers?type=`: the OpenAI-compatible endpoint and whether it can do `type` here. */
    providers(type: AiGenerationType): AiProvidersResponse {
      const available = openai !== null && (type === 'text' || deps.imagesAvailable);
      return { data: [{ name: 'openai', available }] };
    },

    /**
     * `POST /api/ai/generate`: `{data: {result}}`, the generated text or our URL of the generated image.
     * @throws AppError 400 (unknown variables missing, request refused by the AI), 404 (unknown template),
     *   503 'AI is not configured on this server', 503 'Image generation is not available on this server',
     *   502/503 for other AI failures.
     */
    async generate(actor: AuthUser, body: AiGenerateBody): Promise<AiGenerateResponse> {
      if (!openai) throw notConfigured();
      if (body.type === 'image' && !deps.imagesAvailable) throw noImages();
      const content = await findTemplateContent(db, body.templateId);
      if (content === undefined) throw errors.notFound('AI template not found');
      const prompt = renderTemplate(content, body.variables);
      const parameters = body.parameters ?? {};
      if (body.type === 'image') {
        return { data: { result: await image(actor, openai, prompt, parameters.size) } };
      }
      let text: string;
      try {
        text = await openai.complete(prompt, {
          ...(parameters.temperature === undefined ? {} : { temperature: parameters.temperature }),
          ...(parameters.maxTokens === undefined ? {} : { maxTokens: parameters.maxTokens }),
        });
      } catch (err) {
        throw aiError(err);
      }
      const result = cleanGeneratedText(text);
      if (!result)
        throw new AppError(502, codes.PROVIDER_ERROR, 'The AI service answered nothing. Please try again.');
      return { data: { result } };
    },
  };
}
export type AiService = ReturnType<typeof createAiService>;
