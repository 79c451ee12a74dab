import { Fragment, type ReactNode } from 'react';
import { Button, Dropdown, Space, Tooltip } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { Auth } from '../auth/Auth.tsx';
import { BUTTON_CODES } from '../auth/permission.ts';
import { usePermission } from '../auth/usePermission.ts';
import { useListTexts, type ListLook } from './look.ts';

export interface RowAction {
  /** 'edit' and 'delete' are standard: their label, button code and delete's danger style come from the look. */
  key: string;
  label?: ReactNode;
  /** Button code the user must hold (the button is removed otherwise); none: always shown. */
  code?: string | null;
  danger?: boolean;
  disabled?: boolean;
  tooltip?: ReactNode;
  testId?: string;
  onClick: () => void;
}

const STANDARD: Record<string, { code: string; danger?: boolean }> = {
  edit: { code: BUTTON_CODES.edit },
  delete: { code: BUTTON_CODES.remove, danger: true },
};

/**
 * A row's action cell: link buttons, then an optional 'more' menu. Buttons the
 * user may not use are removed (spec §6), menu entries left out.
 */
export function RowActions({ look, actions, more }: { look: ListLook; actions: RowAction[]; more?: RowAction[] }) {
  const t = useListTexts(look);
  const { hasBtn } = usePermission();
  const std = (a: RowAction) => {
    const s = STANDARD[a.key];
    return {
      ...a,
      label: a.label ?? (s ? t(a.key as 'edit' | 'delete') : a.key),
      code: a.code === undefined ? s?.code : a.code,
      danger: a.danger ?? s?.danger,
    };
  };
  const menu = (more ?? []).map(std).filter((a) => !a.code || hasBtn(a.code));
  return (
    <Space size={0}>
      {actions.map(std).map((a) => {
        let button = (
          <Button type="link" size="small" danger={a.danger} disabled={a.disabled} onClick={a.onClick} data-testid={a.testId}>
            {a.label}
          </Button>
        );
        if (a.tooltip) button = <Tooltip title={a.tooltip}>{button}</Tooltip>;
        return a.code ? (
          <Auth key={a.key} code={a.code}>
            {button}
          </Auth>
        ) : (
          <Fragment key={a.key}>{button}</Fragment>
        );
      })}
      {more && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: menu.map((a) => ({ key: a.key, label: a.label, ...(a.danger ? { danger: true } : {}) })),
            onClick: ({ key }) => menu.find((a) => a.key === key)?.onClick(),
          }}
        >
          <Button type="link" size="small" icon={<MoreOutlined />} aria-label={t('more')} />
        </Dropdown>
      )}
    </Space>
  );
}
