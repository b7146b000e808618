import type { SharedConversationDto, SharedLinkDto } from '../protocol/share.js';
import type { Share, ShareSummary } from '../store/repositories/shares.js';

/** The public page's content: the snapshot under the share's own ids, nothing about the owner. */
export function toSharedConversationDto(share: Share): SharedConversationDto {
  return {
    shareId: share.shareId,
    conversationId: share.shareId,
    title: share.title,
    isPublic: true,
    messages: share.messages.map((message) => ({
      ...message,
      conversationId: share.shareId,
      // The owner's file ids stay on the server.
      images: message.images.map(({ imageId, type, width, height }) => ({ imageId, type, width, height })),
      createdAt: message.createdAt.toISOString(),
    })),
    createdAt: share.createdAt.toISOString(),
    updatedAt: share.updatedAt.toISOString(),
  };
}

/** A link as its owner lists it. */
export function toSharedLinkDto(share: Share | ShareSummary): SharedLinkDto {
  return {
    shareId: share.shareId,
    conversationId: share.conversationId,
    title: share.title,
    isPublic: true,
    messageCount: 'messages' in share ? share.messages.length : share.messageCount,
    createdAt: share.createdAt.toISOString(),
    updatedAt: share.updatedAt.toISOString(),
  };
}
