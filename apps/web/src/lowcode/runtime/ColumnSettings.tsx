import { Button, Checkbox, Drawer, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '@medalliance/contract';
import { NS } from '../messages.ts';

const storeKey = (modelId: string) => `medalliance_lcColumns_${modelId}`;

/** The columns a user hid on one model's list, kept in this browser. */
export function loadHidden(modelId: string): Set<string> {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(storeKey(modelId)) ?? '[]');
    return new Set(Array.isArray(v) ? v.map(String) : []);
  } catch {
    return new Set();
  }
}

export function saveHidden(modelId: string, hidden: ReadonlySet<string>): void {
  localStorage.setItem(storeKey(modelId), JSON.stringify([...hidden]));
}

/** The column-settings drawer (spec §2.6, 320 px): which of the list's columns show. */
export function ColumnSettings({
  columns,
  hidden,
  onChange,
  onClose,
}: {
  columns: readonly ListColumn[];
  hidden: ReadonlySet<string>;
  onChange: (hidden: Set<string>) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <Drawer
      open
      title={t('columnSettings')}
      size={320}
      onClose={onClose}
      extra={
        <Button size="small" onClick={() => onChange(new Set())}>
          {t('reset')}
        </Button>
      }
    >
      <div data-testid="lc-column-settings">
        <Space orientation="vertical">
          {columns.map((c) => (
            <Checkbox
              key={c.field}
              checked={!hidden.has(c.field)}
              onChange={(e) => {
                const next = new Set(hidden);
                if (e.target.checked) next.delete(c.field);
                else next.add(c.field);
                onChange(next);
              }}
            >
              {c.label}
            </Checkbox>
          ))}
        </Space>
      </div>
    </Drawer>
  );
}
