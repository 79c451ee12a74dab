import { useState } from 'react';
import { Button, Card, Typography } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/http.ts';
import { healthApi } from '../shared/healthApi.ts';
import { ResidentFormModal } from './ResidentFormModal.tsx';
import { ResidentTable } from './ResidentTable.tsx';
import { NS } from './messages.ts';

/** 居民档案 (inhabitant_manage): every resident in the caller's scope; new archive; bulk export with its own grant. */
export default function ResidentsPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const rights = useQuery({ queryKey: ['health', 'rights'], queryFn: async () => (await healthApi.rights()).data });
  const exportAll = async () => {
    const res = await request<Blob>('POST', healthApi.exportUrl, {}, { responseType: 'blob' });
    const url = URL.createObjectURL(res.data);
    const a = document.createElement('a');
    a.href = url;
    a.download = `residents_${new Date().toISOString().slice(0, 10)}.xlsx`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Card>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        {t('fictitious')}
      </Typography.Text>
      <ResidentTable
        extra={
          <>
            {rights.data?.add && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                {t('add')}
              </Button>
            )}
            {rights.data?.export && (
              <Button icon={<DownloadOutlined />} onClick={exportAll}>
                {t('export')}
              </Button>
            )}
          </>
        }
      />
      {adding && (
        <ResidentFormModal
          onClose={(saved) => {
            setAdding(false);
            if (saved) void client.invalidateQueries({ queryKey: ['health'] });
          }}
        />
      )}
    </Card>
  );
}
