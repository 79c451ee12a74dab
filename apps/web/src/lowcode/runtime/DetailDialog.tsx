import { useState } from 'react';
import { Button, Result, Space, Spin } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FormDefinition, FormField } from '@medalliance/contract';
import { onlineDevApi } from '../../api/onlineDev.ts';
import { NS } from '../messages.ts';
import { FormRenderer } from '../renderer/FormRenderer.tsx';
import { RecordPrint } from '../renderer/RecordPrint.tsx';
import { FormPopup } from './RecordDialog.tsx';

/** One record read-only, with the server's display values (DataChange), and its print. */
export function DetailDialog({
  modelId,
  menuId,
  definition,
  title,
  recordId,
  hidden,
  onClose,
}: {
  modelId: string;
  menuId?: string;
  definition: FormDefinition;
  title: string;
  recordId: string;
  hidden?: (field: FormField) => boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const [printing, setPrinting] = useState(false);
  const detail = useQuery({
    queryKey: ['lowcode', 'detail', modelId, recordId],
    queryFn: () => onlineDevApi.detail(modelId, recordId, menuId),
    gcTime: 0,
  });
  return (
    <>
      <FormPopup
        definition={definition}
        open={!printing}
        title={`${title} - ${t('detail')}`}
        onClose={onClose}
        testId="lc-detail-dialog"
        footer={
          <Space>
            <Button icon={<PrinterOutlined />} disabled={!detail.data} onClick={() => setPrinting(true)}>
              {t('print')}
            </Button>
            <Button onClick={onClose}>{t('close')}</Button>
          </Space>
        }
      >
        {detail.isError ? (
          <Result status="warning" title={t('loadFailed')} />
        ) : detail.data ? (
          <FormRenderer definition={definition} mode="detail" values={detail.data} hidden={hidden} />
        ) : (
          <Spin style={{ display: 'block', margin: '48px auto' }} />
        )}
      </FormPopup>
      {printing && (
        <RecordPrint
          modelId={modelId}
          menuId={menuId}
          definition={definition}
          title={title}
          ids={[recordId]}
          onClose={() => setPrinting(false)}
        />
      )}
    </>
  );
}
