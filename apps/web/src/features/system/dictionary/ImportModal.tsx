import { useState } from 'react';
import { Alert, Button, Checkbox, Modal, Radio, Space, Table, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DictionaryImportResult } from '@medalliance/contract';
import { dictionaryApi } from '../../../api/system.ts';
import { toast } from '../../../app/feedback.ts';
import { checkAccept, checkSize } from '../../../components/upload/uploadRules.ts';
import { NS as UPLOAD_NS } from '../../../components/upload/messages.ts';
import { NS } from '../messages.ts';

const ACCEPT = '.json,application/json';
const MAX_MB = 5;

interface Props {
  open: boolean;
  onClose: () => void;
  /** After rows went in: the type they went into. */
  onImported: (typeId: string) => void;
}

/**
 * Imports a dictionary file (the JSON an export produces). Every bad row is
 * listed with its row number and reason; with "all or nothing" one bad row
 * imports nothing.
 */
export function ImportModal({ open, onClose, onImported }: Props) {
  const { t } = useTranslation(NS);
  const { t: tu } = useTranslation(UPLOAD_NS);
  const [file, setFile] = useState<File | null>(null);
  const [allOrNothing, setAllOrNothing] = useState(true);
  const [conflict, setConflict] = useState<'skip' | 'overwrite'>('skip');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; msg: string; data: DictionaryImportResult | null } | null>(null);

  const reset = () => {
    setFile(null);
    setResult(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const run = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const res = await dictionaryApi.import(file, { allOrNothing, conflict });
      const data = res.data && typeof res.data === 'object' && 'errors' in res.data ? res.data : null;
      setResult({ ok: res.code === 200, msg: res.msg, data });
      if (res.code === 200) {
        toast.success(res.msg);
        if (data?.typeId) onImported(data.typeId);
      } else toast.error(res.msg);
    } catch {
      /* network failure: the client showed it */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('dict.importTitle')}
      width={720}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('close')}</Button>
          <Button type="primary" disabled={!file} loading={busy} onClick={() => void run()} data-testid="ma-dict-import-run">
            {t('import')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('dict.importHint')} />
        <Upload.Dragger
          accept={ACCEPT}
          maxCount={1}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done', size: file.size }] : []}
          beforeUpload={(f) => {
            const refusal = checkAccept(f, ACCEPT) ?? checkSize(f.size, MAX_MB, 'MB');
            if (refusal) {
              toast.error(tu(refusal.key, refusal.values));
              return Upload.LIST_IGNORE;
            }
            setFile(f);
            setResult(null);
            return false;
          }}
          onRemove={() => reset()}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('dict.importDrop')}</p>
          <p className="ant-upload-hint">{t('dict.importLimit', { size: MAX_MB })}</p>
        </Upload.Dragger>
        <Space wrap size={24}>
          <Checkbox checked={allOrNothing} onChange={(e) => setAllOrNothing(e.target.checked)}>
            {t('dict.allOrNothing')}
          </Checkbox>
          <Space>
            <span>{t('dict.onConflict')}</span>
            <Radio.Group
              value={conflict}
              onChange={(e) => setConflict(e.target.value as 'skip' | 'overwrite')}
              options={[
                { value: 'skip', label: t('dict.conflictSkip') },
                { value: 'overwrite', label: t('dict.conflictOverwrite') },
              ]}
            />
          </Space>
        </Space>
        {result && (
          <Alert
            type={result.ok ? (result.data?.errors.length ? 'warning' : 'success') : 'error'}
            showIcon
            title={result.msg}
            description={
              result.data
                ? t('dict.importSummary', {
                    total: result.data.total,
                    created: result.data.created,
                    updated: result.data.updated,
                    skipped: result.data.skipped,
                    failed: result.data.errors.length,
                  })
                : undefined
            }
          />
        )}
        {!!result?.data?.errors.length && (
          <Table
            size="small"
            rowKey={(r) => `${r.row}:${r.enCode}`}
            dataSource={result.data.errors}
            pagination={{ pageSize: 8, hideOnSinglePage: true }}
            columns={[
              { title: t('dict.row'), dataIndex: 'row', width: 80, sorter: (a, b) => a.row - b.row },
              { title: t('dict.itemCode'), dataIndex: 'enCode', width: 140 },
              { title: t('dict.reason'), dataIndex: 'message' },
            ]}
            data-testid="ma-dict-import-errors"
          />
        )}
      </Space>
    </Modal>
  );
}
