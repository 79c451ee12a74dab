import { useState } from 'react';
import { Alert, Button, Checkbox, Modal, Space, Table, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { onlineDevApi, type ImportOutcome } from '../../api/onlineDev.ts';
import { saveBlob } from '../../features/permission/shared/download.ts';
import { NS } from '../messages.ts';

/**
 * Import records: download the model's template, upload a filled workbook,
 * optionally all-or-nothing; the answer lists every refused row with its
 * field and message.
 */
export function ImportDialog({
  modelId,
  menuId,
  title,
  onClose,
  onImported,
}: {
  modelId: string;
  menuId?: string;
  title: string;
  onClose: () => void;
  onImported: () => unknown;
}) {
  const { t } = useTranslation(NS);
  const [allOrNothing, setAllOrNothing] = useState(true);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const template = useMutation({
    mutationFn: () => onlineDevApi.template(modelId, menuId),
    onSuccess: (res) => saveBlob(res.data, `${title}_${t('importTemplate')}.xlsx`),
  });
  const upload = useMutation({
    mutationFn: (file: File) => onlineDevApi.importData(modelId, file, allOrNothing, menuId),
    onSuccess: async (res) => {
      setOutcome(res.data);
      if (res.data.snum > 0) await onImported();
    },
  });
  return (
    <Modal
      open
      title={t('importTitle')}
      width={720}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }} size={12}>
        <Space>
          <Button icon={<DownloadOutlined />} loading={template.isPending} onClick={() => template.mutate()}>
            {t('importTemplate')}
          </Button>
          <Checkbox checked={allOrNothing} onChange={(e) => setAllOrNothing(e.target.checked)}>
            {t('importAllOrNothing')}
          </Checkbox>
        </Space>
        <Upload.Dragger
          accept=".xlsx,.xls"
          showUploadList={false}
          disabled={upload.isPending}
          beforeUpload={(file) => {
            setOutcome(null);
            upload.mutate(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('importChoose')}</p>
        </Upload.Dragger>
        {outcome && (
          <>
            <Alert
              type={outcome.fnum ? 'warning' : 'success'}
              title={t('importDone', { snum: outcome.snum, fnum: outcome.fnum })}
              showIcon
            />
            {outcome.errors.length > 0 && (
              <Table
                size="small"
                rowKey={(r) => `${r.row}:${r.field ?? ''}:${r.msg}`}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={outcome.errors}
                columns={[
                  { title: t('importRow'), dataIndex: 'row', width: 80 },
                  { title: t('importField'), dataIndex: 'field', width: 160 },
                  { title: t('importError'), dataIndex: 'msg' },
                ]}
              />
            )}
          </>
        )}
      </Space>
    </Modal>
  );
}
