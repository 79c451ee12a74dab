import { useState } from 'react';
import { Checkbox, Form, Modal, Radio } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '@medalliance/contract';
import { onlineDevApi, type RecordListQuery } from '../../api/onlineDev.ts';
import { dateStamp, saveBlob } from '../../features/permission/shared/download.ts';
import { NS } from '../messages.ts';

/** Export records to Excel: this page or every matching row, the chosen columns (the server drops columns the user may not see). */
export function ExportDialog({
  modelId,
  title,
  query,
  columns,
  onClose,
}: {
  modelId: string;
  title: string;
  query: RecordListQuery;
  columns: readonly ListColumn[];
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const [range, setRange] = useState<'0' | '1'>('0');
  const [keys, setKeys] = useState<string[]>(() => columns.map((c) => c.field));
  const run = useMutation({
    mutationFn: () => onlineDevApi.exportData(modelId, { ...query, dataType: range, selectKey: keys }),
    onSuccess: (res) => {
      saveBlob(res.data, `${title}_${dateStamp()}.xlsx`);
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t('exportTitle')}
      width={560}
      onCancel={onClose}
      okText={t('exportStart')}
      cancelText={t('cancel')}
      onOk={() => run.mutate()}
      okButtonProps={{ loading: run.isPending, disabled: !keys.length }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('exportRange')}>
          <Radio.Group
            value={range}
            onChange={(e) => setRange(e.target.value)}
            options={[
              { value: '0', label: t('exportCurrentPage') },
              { value: '1', label: t('exportAll') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('exportColumns')}>
          <Checkbox.Group
            value={keys}
            onChange={(v) => setKeys(v as string[])}
            options={columns.map((c) => ({ value: c.field, label: c.label }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
