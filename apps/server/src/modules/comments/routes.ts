import { endpoints } from '@josie/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { errors } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';
import { COMMENTS_PER_MINUTE, NEW_ACCOUNT_COMMENTS_PER_MINUTE } from './service.js';

/**
 * Comments on josies (docs/decisions/0046-comments.md; docs/product/rules-and-limits.md#comments): a josie's
 * threads and a thread's replies for anyone, posting for signed-in users with a verified email (rate-limited
 * per account, lower for a new one), edit by the author, delete by the author, the josie's creator or a
 * reviewer, and the creator's policy. The rules are the service's.
 */
export const commentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const comments = ctx.services.comments;
  // Per account, in Redis with REDIS_URL like every limit here (docs/product/rules-and-limits.md#rate-limits).
  const limiter = (max: number, prefix: string) =>
    app.createRateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: (req: FastifyRequest) => `${prefix}:${req.user?.id ?? req.ip}`,
    });
  const established = limiter(COMMENTS_PER_MINUTE, 'comment');
  const newcomers = limiter(NEW_ACCOUNT_COMMENTS_PER_MINUTE, 'comment-new');
  /** The flag and the author's verification first, then the limit of their account's age. */
  const admitComment = async (request: FastifyRequest) => {
    const { newAccount } = await comments.admitAuthor(actor(request));
    const result = await (newAccount ? newcomers : established)(request);
    if (!result.isAllowed && result.isExceeded) {
      throw errors.rateLimited(
        'You are commenting too fast. Please wait a minute and try again.',
        Math.ceil(result.ttlInSeconds),
      );
    }
  };

  route(app, endpoints.josieComments, {}, async (request) =>
    comments.list(request.user, request.params.id, request.query),
  );

  route(app, endpoints.commentReplies, {}, async (request) =>
    comments.replies(request.user, request.params.id, request.query),
  );

  route(app, endpoints.createComment, { preHandler: admitComment }, async (request, reply) =>
    reply.status(201).send(await comments.create(actor(request), request.params.id, request.body)),
  );

  route(app, endpoints.updateComment, {}, async (request) =>
    comments.update(actor(request), request.params.id, request.body),
  );

  route(app, endpoints.deleteComment, {}, async (request) =>
    comments.remove(actor(request), request.params.id),
  );

  route(app, endpoints.setCommentPolicy, {}, async (request) =>
    comments.setPolicy(actor(request), request.params.id, request.body.policy),
  );
};
