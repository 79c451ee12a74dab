import { useState, type ReactNode } from 'react';
import { Input } from 'antd';
import { CloseCircleFilled, DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NS } from './messages.ts';
import './pickers.css';

export interface PickerInputProps {
  /** What the field shows. */
  text: string;
  placeholder?: string;
  disabled?: boolean;
  /** Show the clear icon on hover when filled (default true). */
  clearable?: boolean;
  onOpen: () => void;
  onClear: () => void;
  suffix?: ReactNode;
  id?: string;
  testId?: string;
  status?: 'error' | 'warning';
}

/**
 * The closed state of a dialog picker: a read-only field that opens the
 * dialog on click, Enter or Space, and shows a clear icon while hovered when
 * it holds a value (spec §4).
 */
export function PickerInput({ text, placeholder, disabled, clearable = true, onOpen, onClear, suffix, id, testId, status }: PickerInputProps) {
  const { t } = useTranslation(NS);
  const [hover, setHover] = useState(false);
  const showClear = hover && clearable && !disabled && !!text;
  return (
    <div className="ma-picker-input" onMouseEnter={() => setHover(true)} onMouseLeave={() => setHover(false)} data-testid={testId}>
      <Input
        id={id}
        readOnly
        value={text}
        title={text}
        status={status}
        placeholder={placeholder ?? t('picker.choose')}
        disabled={disabled}
        onClick={() => !disabled && onOpen()}
        onKeyDown={(e) => {
          if (disabled) return;
          if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
            e.preventDefault();
            onOpen();
          } else if ((e.key === 'Backspace' || e.key === 'Delete') && clearable && text) {
            e.preventDefault();
            onClear();
          }
        }}
        suffix={
          showClear ? (
            <CloseCircleFilled
              className="ma-picker-clear"
              role="button"
              aria-label={t('picker.clear')}
              onClick={(e) => {
                e.stopPropagation();
                onClear();
              }}
            />
          ) : (
            (suffix ?? <DownOutlined className="ma-picker-arrow" onClick={() => !disabled && onOpen()} />)
          )
        }
      />
    </div>
  );
}
