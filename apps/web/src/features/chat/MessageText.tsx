import { useTranslation } from 'react-i18next';
import { parseChatImage, type ChatContentType } from '@medalliance/contract';
import { emojiUrl, previewText, splitEmoji } from './emoji.ts';
import { NS } from './messages.ts';

/**
 * A message's text with its bracketed emoji codes as pictures (spec §5/§6).
 * Every other character is a React text node: HTML in a message shows as the
 * characters typed, never as markup.
 */
export function MessageText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className}>
      {splitEmoji(text).map((p, i) =>
        p.kind === 'emoji' ? (
          <img key={i} src={emojiUrl(p.code)} alt={`[${p.code}]`} className="ma-chat-emoji" data-emoji={p.code} draggable={false} />
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </span>
  );
}

/** The one-line preview of a conversation's latest message (images and other types by their label). */
export function LatestPreview({ message, type }: { message: string | null; type: ChatContentType | null }) {
  const { t } = useTranslation(NS);
  if (message === null || !type) return null;
  if (type === 'text') return <MessageText text={previewText(message)} className="ma-chat-preview" />;
  if (type === 'image' && !parseChatImage(message)) return <span className="ma-chat-preview">{t('image')}</span>;
  return <span className="ma-chat-preview">{t(type)}</span>;
}
