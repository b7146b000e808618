import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SharedRateLimiter } from '../../coordination/types.js';
import { ChatboxError, NotFoundError } from '../../errors/index.js';
import { toSharedConversationDto, toSharedLinkDto } from '../../presenters/share-dto.js';
import {
  shareConversationParamsSchema,
  sharedLinksQuerySchema,
  sharedImageParamsSchema,
  shareParamsSchema,
  shareSnapshotRequestSchema,
  type DeleteSharedLinkResponse,
  type SharedLinkLookupResponse,
  type SharedLinksResponse,
} from '../../protocol/share.js';
import { parseInput } from '../parse.js';
import { sendSharedImage } from './shared-image.js';
import { pickSharedBranch, toSharedMessages } from './snapshot.js';

/** Opening shared links, per address: generous for readers, a wall for anyone walking ids. */
const VIEW_MAX = 60;
/** Images of those pages: one page may hold many, so they have a larger allowance of their own. */
const IMAGE_VIEW_MAX = 600;
const VIEW_WINDOW_MINUTES = 1;

/** A string that cannot be a share id names no link: 404, as an unknown or revoked one. */
function shareIdOf(params: unknown): string {
  const parsed = shareParamsSchema.safeParse(params);
  if (!parsed.success) throw new NotFoundError('Shared link not found');
  return parsed.data.shareId;
}

/** 128 random bits, URL-safe: a link cannot be guessed, so it can be the only key. */
const newShareId = () => randomBytes(16).toString('base64url');

/**
 * /api/share: read-only links to a snapshot of a conversation (issue 20 §3), on later LibreChat's
 * routes. The owner creates, updates (re-snapshots), lists and revokes; anyone with the link reads
 * it (signed-in users only with ALLOW_SHARED_LINKS_PUBLIC off). ALLOW_SHARED_LINKS off turns every
 * route into a 403. Another user's ids answer 404, as unknown ones do.
 */
export async function shareRoutes(app: FastifyInstance): Promise<void> {
  const { env } = app.config;
  const pageLimiter = app.coordination.rateLimiter('share_view:page', { max: VIEW_MAX, windowMs: VIEW_WINDOW_MINUTES * 60_000 });
  const imageLimiter = app.coordination.rateLimiter('share_view:image', { max: IMAGE_VIEW_MAX, windowMs: VIEW_WINDOW_MINUTES * 60_000 });

  app.addHook('onRequest', async () => {
    if (!env.ALLOW_SHARED_LINKS) throw new ChatboxError('shared_links_disabled');
  });
  const authenticate = { preHandler: app.auth.authenticate };

  const limitBy = (limiter: SharedRateLimiter) => async (request: FastifyRequest) => {
    if (!(await limiter.hit(request.ip)).allowed) throw new ChatboxError('share_view_limit', undefined, { minutes: VIEW_WINDOW_MINUTES });
  };
  /** Who may open a link: anyone (rate-limited), or signed-in users only with ALLOW_SHARED_LINKS_PUBLIC off. */
  const openLink = (limiter: SharedRateLimiter) => ({ preHandler: env.ALLOW_SHARED_LINKS_PUBLIC ? limitBy(limiter) : [limitBy(limiter), app.auth.authenticate] });

  /** The branch to share, from the owner's stored conversation; 404 for anything not theirs. */
  const snapshot = async (userId: string, conversationId: string, targetMessageId: string | undefined) => {
    const conversation = await app.store.conversations.find(userId, conversationId);
    if (!conversation) throw new NotFoundError('Conversation not found');
    const branch = pickSharedBranch(await app.store.messages.listByConversation(userId, conversationId), targetMessageId);
    if (!branch) throw new NotFoundError('Message not found');
    return { title: conversation.title, messages: toSharedMessages(branch) };
  };

  app.get('/api/share', authenticate, async (request): Promise<SharedLinksResponse> => {
    const { pageSize, cursor } = parseInput(sharedLinksQuerySchema, request.query);
    const page = await app.store.shares.list(request.user!.id, { offset: cursor, limit: pageSize });
    const hasNextPage = cursor + page.items.length < page.total;
    return { links: page.items.map(toSharedLinkDto), nextCursor: hasNextPage ? String(cursor + page.items.length) : null, hasNextPage };
  });

  app.get('/api/share/link/:conversationId', authenticate, async (request): Promise<SharedLinkLookupResponse> => {
    const { conversationId } = parseInput(shareConversationParamsSchema, request.params);
    const userId = request.user!.id;
    // Another user's conversation is not found, as everywhere: its existence is not for the caller to learn.
    if (!(await app.store.conversations.find(userId, conversationId))) throw new NotFoundError('Conversation not found');
    const share = await app.store.shares.findByConversation(userId, conversationId);
    return { success: Boolean(share), shareId: share?.shareId ?? null, conversationId };
  });

  app.get('/api/share/:shareId', openLink(pageLimiter), async (request, reply) => {
    const shareId = shareIdOf(request.params);
    const share = await app.store.shares.find(shareId);
    if (!share) throw new NotFoundError('Shared link not found');
    // A snapshot changes only when its owner updates it; a shared cache must not keep a revoked one.
    reply.header('cache-control', 'private, no-cache');
    return toSharedConversationDto(share);
  });

  app.get('/api/share/:shareId/images/:imageId', openLink(imageLimiter), async (request, reply) => {
    const parsed = sharedImageParamsSchema.safeParse(request.params);
    if (!parsed.success) throw new NotFoundError('Image not found');
    return sendSharedImage(reply, parsed.data, { store: app.store, storages: app.chat.fileStorages });
  });

  app.post('/api/share/:conversationId', authenticate, async (request, reply) => {
    const { conversationId } = parseInput(shareConversationParamsSchema, request.params);
    const { targetMessageId } = parseInput(shareSnapshotRequestSchema, request.body);
    const userId = request.user!.id;
    const taken = await snapshot(userId, conversationId, targetMessageId);
    const share = await app.store.shares.create({ shareId: newShareId(), userId, conversationId, ...taken });
    reply.status(201);
    return toSharedLinkDto(share);
  });

  app.patch('/api/share/:shareId', authenticate, async (request) => {
    const shareId = shareIdOf(request.params);
    const { targetMessageId } = parseInput(shareSnapshotRequestSchema, request.body);
    const userId = request.user!.id;
    const existing = await app.store.shares.find(shareId);
    if (!existing || existing.userId !== userId) throw new NotFoundError('Shared link not found');
    const updated = await app.store.shares.update(userId, shareId, await snapshot(userId, existing.conversationId, targetMessageId));
    if (!updated) throw new NotFoundError('Shared link not found');
    return toSharedLinkDto(updated);
  });

  app.delete('/api/share/:shareId', authenticate, async (request): Promise<DeleteSharedLinkResponse> => {
    const shareId = shareIdOf(request.params);
    if (!(await app.store.shares.delete(request.user!.id, shareId))) throw new NotFoundError('Shared link not found');
    return { success: true, shareId, message: 'Shared link deleted' };
  });
}
