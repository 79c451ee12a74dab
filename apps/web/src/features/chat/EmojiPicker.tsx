import { SmileOutlined } from '@ant-design/icons';
import { Button, Popover, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMOJI_CODES, emojiUrl } from './emoji.ts';
import { NS } from './messages.ts';

/** The emoji picker (spec §2.5): 120 emoji, codes 100–219; picking one hands its code to the composer. */
export function EmojiPicker({ onPick, disabled }: { onPick: (code: number) => void; disabled?: boolean }) {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  const grid = (
    <div className="ma-chat-emoji-grid" role="listbox" aria-label={t('emoji')} data-testid="ma-chat-emoji-grid">
      {EMOJI_CODES.map((code) => (
        <button
          key={code}
          type="button"
          role="option"
          aria-selected={false}
          className="ma-chat-emoji-btn"
          aria-label={t('emojiItem', { code })}
          title={`[${code}]`}
          data-emoji={code}
          onClick={() => {
            onPick(code);
            setOpen(false);
          }}
        >
          <img src={emojiUrl(code)} alt="" draggable={false} />
        </button>
      ))}
    </div>
  );
  return (
    <Popover content={grid} trigger="click" open={open} onOpenChange={setOpen} placement="topLeft" arrow={false}>
      <Tooltip title={t('emoji')}>
        <Button type="text" icon={<SmileOutlined />} aria-label={t('emoji')} disabled={disabled} data-testid="ma-chat-emoji" />
      </Tooltip>
    </Popover>
  );
}
