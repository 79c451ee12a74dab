import { useState } from 'react';
import { Alert, Button, Modal, Result, Space, Steps, Switch, Table, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { USER_IMPORT_MAX_ROWS, type ImportResult } from '@medalliance/contract';
import { userApi, type ImportPreview } from '../../../api/permission.ts';
import { toast } from '../../../app/feedback.ts';
import { NS } from '../messages.ts';
import { dateStamp, saveBlob } from '../shared/download.ts';

const MAX_BYTES = 5 * 1024 * 1024;

type Row = ImportPreview['list'][number];

/**
 * User import (spec §7.4): download the template, upload a workbook, preview
 * every row with its errors, import the good rows, export the failed ones.
 */
export function ImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation(NS);
  const [step, setStep] = useState(0);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);

  const reset = () => {
    setStep(0);
    setPreview(null);
    setResult(null);
    setOnlyErrors(false);
  };
  const close = () => {
    reset();
    onClose();
  };

  const template = useMutation({
    mutationFn: () => userApi.templateDownload(),
    onSuccess: (res) => saveBlob(res.data, `${t('import.template')}.xlsx`),
  });
  const upload = useMutation({
    mutationFn: (file: File) => userApi.importPreview(file),
    onSuccess: (res) => {
      setPreview(res.data);
      setOnlyErrors(res.data.fnum > 0 && res.data.fnum < res.data.list.length);
      setStep(1);
    },
  });
  const run = useMutation({
    mutationFn: () => userApi.importData(preview!.list.filter((r) => !r.errorsInfo)),
    onSuccess: (res) => {
      setResult(res.data);
      setStep(2);
      if (res.data.snum > 0) onImported();
    },
  });
  const failed = useMutation({
    mutationFn: (rows: Record<string, unknown>[]) => userApi.exportFailed(rows),
    onSuccess: (res) => saveBlob(res.data, `${t('import.exportFailed')}_${dateStamp()}.xlsx`),
  });

  // Rows with errors in the preview plus those the import refused.
  const failedRows = [...(preview?.list.filter((r) => r.errorsInfo) ?? []), ...((result?.failResult ?? []) as Row[])];

  const columns = [
    { title: t('import.row'), dataIndex: 'rowIndex', width: 70, fixed: 'left' as const },
    ...(preview?.columns ?? []).map((c) => ({
      title: `${c.label}${c.required ? ' *' : ''}`,
      dataIndex: c.prop,
      width: 130,
      ellipsis: true,
    })),
    {
      title: t('import.errors'),
      dataIndex: 'errorsInfo',
      width: 280,
      render: (v: string) => (v ? <span className="ma-import-error">{v}</span> : null),
    },
  ];

  const body =
    step === 0 ? (
      <div className="ma-import-upload">
        <Space orientation="vertical" style={{ width: '100%' }} size={16}>
          <Alert type="info" showIcon title={t('import.templateHint', { max: USER_IMPORT_MAX_ROWS })} />
          <Button icon={<DownloadOutlined />} loading={template.isPending} onClick={() => template.mutate()}>
            {t('import.template')}
          </Button>
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            multiple={false}
            showUploadList={false}
            disabled={upload.isPending}
            beforeUpload={(file) => {
              if (!/\.xlsx$/i.test(file.name)) toast.error(t('import.onlyExcel'));
              else if (file.size > MAX_BYTES) toast.error(t('import.tooBig'));
              else upload.mutate(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{upload.isPending ? t('import.reading') : t('import.choose')}</p>
          </Upload.Dragger>
        </Space>
      </div>
    ) : step === 1 && preview ? (
      <Space orientation="vertical" style={{ width: '100%' }} size={12}>
        <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
          <Alert
            type={preview.fnum ? 'warning' : 'success'}
            showIcon
            title={t('import.summary', { total: preview.list.length, ok: preview.snum, bad: preview.fnum })}
          />
          <Space size={16}>
            {preview.fnum ? (
              <Button size="small" icon={<DownloadOutlined />} loading={failed.isPending} onClick={() => failed.mutate(failedRows)}>
                {t('import.exportFailed')}
              </Button>
            ) : null}
            <Space>
              <Switch
                size="small"
                checked={onlyErrors}
                onChange={setOnlyErrors}
                disabled={!preview.fnum}
                aria-label={t('import.onlyErrors')}
              />
              <span>{t('import.onlyErrors')}</span>
            </Space>
          </Space>
        </Space>
        <Table<Row>
          rowKey="rowIndex"
          size="small"
          dataSource={onlyErrors ? preview.list.filter((r) => r.errorsInfo) : preview.list}
          columns={columns}
          scroll={{ x: 1300, y: 360 }}
          pagination={{ pageSize: 50, showSizeChanger: false, size: 'small' }}
          rowClassName={(r) => (r.errorsInfo ? 'ma-import-row-bad' : '')}
          locale={{ emptyText: t('common.noData') }}
        />
      </Space>
    ) : result ? (
      <Result
        status={result.fnum ? (result.snum ? 'warning' : 'error') : 'success'}
        title={t('import.resultOk', { ok: result.snum, bad: failedRows.length })}
        extra={
          failedRows.length ? (
            <Button icon={<DownloadOutlined />} loading={failed.isPending} onClick={() => failed.mutate(failedRows)}>
              {t('import.exportFailed')}
            </Button>
          ) : null
        }
      />
    ) : null;

  const footer =
    step === 0
      ? [
          <Button key="cancel" onClick={close}>
            {t('common.cancel')}
          </Button>,
        ]
      : step === 1
        ? [
            <Button key="back" onClick={reset}>
              {t('import.previous')}
            </Button>,
            <Button key="run" type="primary" loading={run.isPending} disabled={!preview?.snum} onClick={() => run.mutate()}>
              {preview?.snum ? t('import.start') : t('import.nothing')}
            </Button>,
          ]
        : [
            <Button key="done" type="primary" onClick={close}>
              {t('import.done')}
            </Button>,
          ];

  return (
    <Modal open={open} title={t('import.title')} width={1000} onCancel={close} footer={footer} mask={{ closable: false }} destroyOnHidden>
      <Steps
        size="small"
        current={step}
        items={[{ title: t('import.stepUpload') }, { title: t('import.stepPreview') }, { title: t('import.stepResult') }]}
        style={{ marginBottom: 20 }}
      />
      {body}
    </Modal>
  );
}
