/** A conversation with hundreds of matches shows its best few; the conversation itself is the result. */
export const messagesPerConversation = 10;
