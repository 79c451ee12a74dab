import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NS } from './messages.ts';

/** Up / down arrows of a sortable row (first and last rows cannot move further). */
export function SortArrows({
  first,
  last,
  onMove,
  testId,
}: {
  first: boolean;
  last: boolean;
  onMove: (d: 'up' | 'down') => void;
  testId?: string;
}) {
  const { t } = useTranslation(NS);
  return (
    <Space size={2}>
      <Tooltip title={t('up')}>
        <Button
          size="small"
          type="text"
          icon={<ArrowUpOutlined />}
          disabled={first}
          aria-label={t('up')}
          onClick={() => onMove('up')}
          data-testid={testId && `${testId}-up`}
        />
      </Tooltip>
      <Tooltip title={t('down')}>
        <Button
          size="small"
          type="text"
          icon={<ArrowDownOutlined />}
          disabled={last}
          aria-label={t('down')}
          onClick={() => onMove('down')}
          data-testid={testId && `${testId}-down`}
        />
      </Tooltip>
    </Space>
  );
}

/** Edit and remove (with a confirmation), each shown only with the right. */
export function EditRemove({
  canEdit,
  canRemove,
  onEdit,
  onRemove,
  testId,
}: {
  canEdit: boolean;
  canRemove: boolean;
  onEdit: () => void;
  onRemove: () => void;
  testId?: string;
}) {
  const { t } = useTranslation(NS);
  return (
    <Space size={4}>
      {canEdit && (
        <Button size="small" type="link" icon={<EditOutlined />} onClick={onEdit} data-testid={testId && `${testId}-edit`}>
          {t('edit')}
        </Button>
      )}
      {canRemove && (
        <Popconfirm
          title={t('confirmRemove')}
          okText={t('remove')}
          cancelText={t('cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={onRemove}
        >
          <Button size="small" type="link" danger icon={<DeleteOutlined />} data-testid={testId && `${testId}-remove`}>
            {t('remove')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
