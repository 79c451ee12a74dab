import { useState } from 'react';
import { Checkbox, Form, Modal, Radio } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userApi, type UserListQuery } from '../../../api/permission.ts';
import { NS } from '../messages.ts';
import { dateStamp, saveBlob } from '../shared/download.ts';

export interface ExportColumn {
  key: string;
  label: string;
}

/** Export the users list to Excel: this page or every matching row, chosen columns (the server drops hidden ones). */
export function ExportDialog({
  open,
  query,
  columns,
  onClose,
}: {
  open: boolean;
  query: UserListQuery;
  columns: ExportColumn[];
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const [range, setRange] = useState<'0' | '1'>('1');
  const [keys, setKeys] = useState<string[] | null>(null);
  const chosen = keys ?? columns.map((c) => c.key);
  const run = useMutation({
    mutationFn: () => userApi.exportExcel({ ...query, dataType: range, selectKey: chosen.join(',') }),
    onSuccess: (res) => {
      saveBlob(res.data, `${t('export.title')}_${dateStamp()}.xlsx`);
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={t('export.title')}
      width={560}
      onCancel={onClose}
      okText={t('export.start')}
      cancelText={t('common.cancel')}
      onOk={() => run.mutate()}
      okButtonProps={{ loading: run.isPending, disabled: !chosen.length }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('export.range')}>
          <Radio.Group
            value={range}
            onChange={(e) => setRange(e.target.value)}
            options={[
              { value: '0', label: t('export.currentPage') },
              { value: '1', label: t('export.all') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('export.columns')}>
          <Checkbox.Group
            value={chosen}
            onChange={(v) => setKeys(v as string[])}
            options={columns.map((c) => ({ value: c.key, label: c.label }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
