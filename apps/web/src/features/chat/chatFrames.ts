import { CHAT_CONTENT_TYPES, type MessageListFrame, type ReceiveMessageFrame, type SendMessageEchoFrame } from '@medalliance/contract';
import { useChat } from './chatStore.ts';

const isId = (v: unknown) => (typeof v === 'string' && v.length > 0) || typeof v === 'number';
const isType = (v: unknown) => (CHAT_CONTENT_TYPES as readonly unknown[]).includes(v);

/**
 * Hands the socket's chat frames to the chat store (receiveMessage,
 * sendMessage, messageList); a frame that lacks what the store needs is
 * dropped. Answers whether the frame was a chat frame.
 */
export function routeChatFrame(frame: Record<string, unknown>): boolean {
  const chat = useChat.getState();
  switch (frame.method) {
    case 'receiveMessage':
      if (isId(frame.id) && isId(frame.formUserId) && isType(frame.messageType) && typeof frame.formMessage === 'string')
        chat.received(frame as unknown as ReceiveMessageFrame);
      return true;
    case 'sendMessage':
      if (isId(frame.id) && isId(frame.toUserId) && isType(frame.messageType) && typeof frame.toMessage === 'string')
        chat.echoed(frame as unknown as SendMessageEchoFrame);
      return true;
    case 'messageList':
      if (isId(frame.toUserId) && Array.isArray(frame.list)) chat.listed(frame as unknown as MessageListFrame);
      return true;
    default:
      return false;
  }
}
