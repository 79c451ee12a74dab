import { useState } from 'react';
import { Button, Card, Input, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FD_AUTHENTICITY, type FdRecordRow } from '@medalliance/contract';
import { fdApi } from './api.ts';
import { RecordModal } from './RecordModal.tsx';
import { RecordTable } from './tables.tsx';
import { useList } from './useList.ts';
import { NS } from './messages.ts';
import './messages.ts';

/** 服务记录 (serve_list): the service records of the scope; a new record with the checklist, position and date. */
export default function ServeListPage() {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const meta = useQuery({ queryKey: ['fd', 'meta'], queryFn: async () => (await fdApi.meta()).data });
  const l = useList<FdRecordRow>('records', { authenticity: '', keyword: '' }, fdApi.records);
  const [adding, setAdding] = useState(false);
  return (
    <Card
      data-testid="fd-serve-list"
      title={t('title.list')}
      extra={
        meta.data?.rights.records ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="fd-add-record">
            {t('action.addRecord')}
          </Button>
        ) : null
      }
    >
      <Space wrap style={{ marginBottom: 8 }}>
        <Input.Search allowClear placeholder={t('keywordName')} style={{ width: 200 }} onSearch={(keyword) => l.setFilter({ keyword })} />
        <Select
          style={{ width: 140 }}
          value={String(l.filter.authenticity ?? '')}
          onChange={(authenticity) => l.setFilter({ authenticity })}
          options={[{ value: '', label: t('allAuth') }, ...FD_AUTHENTICITY.map((s) => ({ value: s, label: t(`auth.${s}`) }))]}
        />
      </Space>
      <RecordTable {...l} reveal={meta.data?.rights.reveal} testId="fd-records" empty={t('empty.records')} />
      <RecordModal
        open={adding}
        verify={meta.data?.verify}
        onClose={() => setAdding(false)}
        onSaved={() => void qc.invalidateQueries({ queryKey: ['fd'] })}
      />
    </Card>
  );
}
