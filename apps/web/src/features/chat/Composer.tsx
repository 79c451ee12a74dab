import { PictureOutlined } from '@ant-design/icons';
import { Button, Input, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_TEXT_MAX_LENGTH, type FileEntry } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { postForm } from '../../components/upload/fileApi.ts';
import { useChat, type SendRefusal } from './chatStore.ts';
import { emojiToken } from './emoji.ts';
import { EmojiPicker } from './EmojiPicker.tsx';
import { refuseImages } from './imageCheck.ts';
import { NS } from './messages.ts';

/** The picture's size in pixels ({0, 0} when the browser cannot read it). */
function imageSize(file: File): Promise<{ width: number; height: number }> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    const done = (width: number, height: number) => {
      URL.revokeObjectURL(url);
      resolve({ width, height });
    };
    img.onload = () => done(img.naturalWidth, img.naturalHeight);
    img.onerror = () => done(0, 0);
    img.src = url;
  });
}

/**
 * The composer (spec §5/§6): text trimmed, an empty one not sent, Enter sends,
 * Shift+Enter a new line, at most CHAT_TEXT_MAX_LENGTH characters; emoji go in
 * as bracketed codes at the cursor; one image at a time (picked or pasted),
 * checked for type and the 5 MB limit, uploaded through the IM type and sent.
 */
export function Composer() {
  const { t } = useTranslation(NS);
  const [text, setText] = useState('');
  const [uploading, setUploading] = useState(false);
  const area = useRef<TextAreaRef>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const refuse = (why: SendRefusal) => {
    if (why === 'tooLong') toast.warning(t('tooLong', { max: CHAT_TEXT_MAX_LENGTH }));
    else if (why === 'offline') toast.error(t('offline'));
    else if (why === 'empty') toast.warning(t('empty'));
  };

  const send = () => {
    if (!text.trim()) return; // spec: an empty message is not sent
    const why = useChat.getState().sendText(text);
    if (why) return refuse(why);
    setText('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  };

  const insertEmoji = (code: number) => {
    const el = area.current?.resizableTextArea?.textArea;
    const token = emojiToken(code);
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + token + text.slice(end);
    if ([...next].length > CHAT_TEXT_MAX_LENGTH) return toast.warning(t('tooLong', { max: CHAT_TEXT_MAX_LENGTH }));
    setText(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const sendImage = async (files: File[]) => {
    const why = refuseImages(files);
    if (why) return toast.error(t(why));
    const file = files[0];
    if (!file) return;
    if (!useChat.getState().connected) return toast.error(t('offline'));
    setUploading(true);
    try {
      const size = await imageSize(file);
      const form = new FormData();
      form.append('file', file, file.name);
      const res = await postForm<FileEntry>('/api/file/Uploader/IM', form).promise;
      if (res.body?.code !== 200 || !res.body.data?.name) return toast.error(res.body?.msg || t('uploadFailed'));
      const refused = useChat.getState().sendImage({ name: res.body.data.name, ...size });
      if (refused) refuse(refused);
    } catch {
      /* aborted */
    } finally {
      setUploading(false);
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...e.clipboardData.files];
    if (!files.length) return;
    e.preventDefault();
    void sendImage(files);
  };

  return (
    <div className="ma-chat-composer" data-testid="ma-chat-composer">
      <div className="ma-chat-toolbar">
        <EmojiPicker onPick={insertEmoji} />
        <Tooltip title={t('sendImage')}>
          <Button
            type="text"
            icon={<PictureOutlined />}
            aria-label={t('sendImage')}
            loading={uploading}
            onClick={() => fileInput.current?.click()}
            data-testid="ma-chat-image"
          />
        </Tooltip>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          data-testid="ma-chat-image-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            void sendImage(files);
          }}
        />
      </div>
      <Input.TextArea
        ref={area}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        maxLength={CHAT_TEXT_MAX_LENGTH}
        placeholder={t('placeholder')}
        aria-label={t('placeholder')}
        autoSize={{ minRows: 3, maxRows: 6 }}
        variant="borderless"
        data-testid="ma-chat-input"
      />
      <div className="ma-chat-send">
        <Button type="primary" onClick={send} disabled={!text.trim()} data-testid="ma-chat-send">
          {t('send')}
        </Button>
      </div>
    </div>
  );
}
