import { useState } from 'react';
import { Badge, Button, Card, Input, Select, Space, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  FD_CONTRACT_STATUSES,
  type FdContractRow,
  type FdRecordRow,
  type FdTaskRow,
  type FdUnsignedRow,
  type FdWorklist,
} from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { fdApi } from './api.ts';
import { SignModal } from './SignModal.tsx';
import { ContractTable, RecordTable, TaskTable, UnsignedTable } from './tables.tsx';
import { useList } from './useList.ts';
import { NS } from './messages.ts';
import './messages.ts';

/**
 * 我的服务 (my_service): the doctor's workbench: their teams' contracts, the
 * four worklists with their counts, and signing a resident with a package.
 */
export default function MyServicePage() {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [tab, setTab] = useState<'mine' | FdWorklist>('mine');
  const [signing, setSigning] = useState<{ residentId: string; fullName: string } | null | false>(false);
  const meta = useQuery({ queryKey: ['fd', 'meta'], queryFn: async () => (await fdApi.meta()).data });
  const mine = useList<FdContractRow>('mine', { mine: '1', status: '', keyword: '' }, fdApi.contracts, tab === 'mine');
  const expiring = useList<FdContractRow>('wl-expiring', {}, (q) => fdApi.worklist<FdContractRow>('expiring', q), tab === 'expiring');
  const audit = useList<FdRecordRow>('wl-audit', {}, (q) => fdApi.worklist<FdRecordRow>('audit', q), tab === 'audit');
  const overdue = useList<FdTaskRow>('wl-overdue', {}, (q) => fdApi.worklist<FdTaskRow>('overdue', q), tab === 'overdue');
  const unsigned = useList<FdUnsignedRow>('wl-unsigned', {}, (q) => fdApi.worklist<FdUnsignedRow>('unsigned', q), tab === 'unsigned');
  const refresh = () => void qc.invalidateQueries({ queryKey: ['fd'] });
  const counts = meta.data?.counts;
  const canSign = !!meta.data?.rights.sign;
  const label = (k: FdWorklist) => (
    <span data-testid={`fd-tab-${k}`}>
      {t(`wl.${k}`)}{' '}
      <Badge count={counts?.[k] ?? 0} overflowCount={999} showZero color={k === 'overdue' ? 'red' : k === 'expiring' ? 'orange' : 'blue'} />
    </span>
  );
  const confirm = async (id: string) => {
    await fdApi.act(id, 'confirm');
    toast.success(t('ok.done'));
    refresh();
  };
  const search = (l: { setFilter: (f: Record<string, string>) => void }) => (
    <Input.Search
      allowClear
      placeholder={t('keywordName')}
      style={{ width: 220, marginBottom: 8 }}
      onSearch={(keyword) => l.setFilter({ keyword })}
    />
  );
  return (
    <Card
      data-testid="fd-my-service"
      title={t('title.my')}
      extra={
        canSign ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setSigning(null)} data-testid="fd-sign">
            {t('action.sign')}
          </Button>
        ) : null
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as typeof tab)}
        items={[
          {
            key: 'mine',
            label: <span data-testid="fd-tab-mine">{t('wl.mine')}</span>,
            children: (
              <>
                <Space wrap style={{ marginBottom: 8 }}>
                  <Input.Search
                    allowClear
                    placeholder={t('keyword')}
                    style={{ width: 220 }}
                    onSearch={(keyword) => mine.setFilter({ keyword })}
                    data-testid="fd-keyword"
                  />
                  <Select
                    style={{ width: 140 }}
                    value={String(mine.filter.status ?? '')}
                    onChange={(status) => mine.setFilter({ status })}
                    options={[
                      { value: '', label: t('allStatus') },
                      ...FD_CONTRACT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
                    ]}
                  />
                </Space>
                <ContractTable
                  {...mine}
                  reveal={meta.data?.rights.reveal}
                  testId="fd-contracts"
                  empty={t('empty.contracts')}
                  extra={(r) => (
                    <Space size={0}>
                      <Button
                        size="small"
                        type="link"
                        onClick={() => navigate(`/health/familyDoctor/plan_list?contractId=${encodeURIComponent(r.id)}`)}
                        data-testid={`fd-plan-${r.id}`}
                      >
                        {t('action.tasks')}
                      </Button>
                      {r.status === 'pending' && canSign ? (
                        <Button size="small" type="link" onClick={() => void confirm(r.id)}>
                          {t('action.confirm')}
                        </Button>
                      ) : null}
                    </Space>
                  )}
                />
              </>
            ),
          },
          {
            key: 'expiring',
            label: label('expiring'),
            children: (
              <ContractTable
                {...expiring}
                reveal={meta.data?.rights.reveal}
                onSort={undefined}
                testId="fd-wl-expiring"
                empty={t('empty.contracts')}
              />
            ),
          },
          {
            key: 'audit',
            label: label('audit'),
            children: (
              <>
                {search(audit)}
                <RecordTable
                  {...audit}
                  reveal={meta.data?.rights.reveal}
                  onSort={undefined}
                  testId="fd-wl-audit"
                  empty={t('empty.records')}
                />
              </>
            ),
          },
          {
            key: 'overdue',
            label: label('overdue'),
            children: (
              <>
                {search(overdue)}
                <TaskTable
                  {...overdue}
                  reveal={meta.data?.rights.reveal}
                  onSort={undefined}
                  testId="fd-wl-overdue"
                  empty={t('empty.tasks')}
                />
              </>
            ),
          },
          {
            key: 'unsigned',
            label: label('unsigned'),
            children: (
              <>
                {search(unsigned)}
                <UnsignedTable
                  {...unsigned}
                  reveal={meta.data?.rights.reveal}
                  onSort={undefined}
                  testId="fd-wl-unsigned"
                  empty={t('empty.unsigned')}
                  extra={(r) =>
                    canSign ? (
                      <Button size="small" type="link" onClick={() => setSigning({ residentId: r.residentId, fullName: r.fullName })}>
                        {t('action.sign')}
                      </Button>
                    ) : null
                  }
                />
              </>
            ),
          },
        ]}
      />
      <SignModal open={signing !== false} preset={signing || null} meta={meta.data} onClose={() => setSigning(false)} onSigned={refresh} />
    </Card>
  );
}
