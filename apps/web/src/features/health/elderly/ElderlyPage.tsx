import { useState } from 'react';
import { Alert, Button, Card, Form, InputNumber, Segmented, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';

import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ELDERLY_AGE, type ElderlyWorklist } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { MaskedText } from '../shared/MaskedText.tsx';
import { RevealButton } from '../shared/RevealButton.tsx';
import type { Revealed } from '../shared/healthApi.ts';
import { elderlyApi, type CheckRow, type ElderlyRow } from './api.ts';
import { CheckDialog } from './CheckDialog.tsx';
import { BAND_COLOR, fmtDate } from './format.ts';
import { NS } from './messages.ts';
import './messages.ts';
import { useWorklistQuery, WorklistToolbar } from '../shared/WorklistToolbar.tsx';

type Tab = ElderlyWorklist | 'residents' | 'checks' | 'settings';
const TABS: Tab[] = ['unchecked', 'dependent', 'positive', 'residents', 'checks', 'settings'];
type Row = ElderlyRow | CheckRow;

/**
 * Elderly 65+ health management (issue 18, M8; menu old_people_manage): the
 * three worklists (本年未体检, 自理能力依赖, 粗筛阳性), the eligible residents
 * and the year's checks, each paged on the server, scoped to the caller's
 * units and masked (reveal with a reason, audited); record a check from a row;
 * the programme's settings.
 */
export default function ElderlyPage() {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [tab, setTab] = useState<Tab>('unchecked');
  const query = useWorklistQuery();
  const { q, page, setPage } = query;
  const [checked, setChecked] = useState<'' | '0' | '1'>('');
  const [checkFor, setCheckFor] = useState<{ residentId: string; name: string } | null>(null);
  const [revealed, setRevealed] = useState<Record<string, Revealed>>({});
  const year = new Date().getFullYear();

  const list = useQuery({
    queryKey: ['healthElderly', tab, q, checked],
    queryFn: async () => {
      if (tab === 'residents') return (await elderlyApi.residents({ ...q, checked })).data;
      if (tab === 'checks') return (await elderlyApi.checks({ ...q, year })).data;
      return (await elderlyApi.worklist(tab as ElderlyWorklist, q)).data;
    },
    enabled: tab !== 'settings',
    placeholderData: keepPreviousData,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['healthElderly'] });

  const shown = (r: Row, k: 'fullName' | 'idNumber' | 'phone') => revealed[r.residentId]?.[k];
  const bandTag = (band: string | null, score: number | null) =>
    band ? (
      <Tag color={BAND_COLOR[band]}>
        {t(`band.${band}`)} {score ?? ''}
      </Tag>
    ) : (
      '—'
    );
  const screenTag = (v: string | null, which: 'cognition' | 'emotion') =>
    v ? (
      <Tag color={v === '2' ? 'red' : 'default'}>
        {t(`${which}Short`)}
        {t(`screen.${v}`)}
      </Tag>
    ) : null;

  const person: ColumnsType<Row> = [
    {
      title: t('name'),
      key: 'name',
      width: 110,
      render: (_, r) => <MaskedText value={r.fullName} revealed={shown(r, 'fullName')} testId="old-name" />,
    },
    { title: t('idNumber'), key: 'id', width: 175, render: (_, r) => <MaskedText value={r.idNumber} revealed={shown(r, 'idNumber')} /> },
    { title: t('phone'), key: 'phone', width: 120, render: (_, r) => <MaskedText value={r.phone} revealed={shown(r, 'phone')} /> },
    { title: t('age'), dataIndex: 'age', key: 'age', width: 60, align: 'right' },
  ];
  const screens = (r: Row) =>
    r.cognition || r.emotion ? (
      <Space size={2}>
        {screenTag(r.cognition, 'cognition')}
        {screenTag(r.emotion, 'emotion')}
      </Space>
    ) : (
      '—'
    );
  const status: ColumnsType<Row> = [
    {
      title: t('checkedThisYear'),
      key: 'checked',
      width: 100,
      render: (_, r) =>
        (r as ElderlyRow).checked ? <Tag color="green">{t('checkedTag')}</Tag> : <Tag color="blue">{t('notChecked')}</Tag>,
    },
    { title: t('lastCheck'), key: 'last', width: 105, render: (_, r) => fmtDate((r as ElderlyRow).lastCheckDate) || '—' },
    { title: t('band'), key: 'band', width: 150, render: (_, r) => bandTag(r.selfCareBand, r.selfCareScore) },
    { title: t('screens'), key: 'screens', width: 150, render: (_, r) => screens(r) },
    { title: t('org'), dataIndex: 'orgName', key: 'org', ellipsis: true },
  ];
  const checkCols: ColumnsType<Row> = [
    { title: t('checkDate'), key: 'date', width: 105, render: (_, r) => fmtDate((r as CheckRow).checkDate) },
    { title: t('band'), key: 'band', width: 150, render: (_, r) => bandTag(r.selfCareBand, r.selfCareScore) },
    { title: t('screens'), key: 'screens', width: 150, render: (_, r) => screens(r) },
    { title: t('checkOrg'), dataIndex: 'orgName', key: 'org', ellipsis: true },
    { title: t('checkDoctor'), dataIndex: 'doctorName', key: 'doctor', width: 90 },
  ];
  const actions: ColumnsType<Row> = [
    {
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_, r) => (
        <Space size={4}>
          {tab !== 'checks' && !(r as ElderlyRow).checked && (
            <Button
              type="link"
              size="small"
              onClick={() => setCheckFor({ residentId: r.residentId, name: shown(r, 'fullName') ?? r.fullName })}
              data-testid={`old-record-${r.residentId}`}
            >
              {t('recordCheck')}
            </Button>
          )}
          {!revealed[r.residentId] && (
            <RevealButton residentId={r.residentId} onRevealed={(v) => setRevealed((m) => ({ ...m, [r.residentId]: v }))} />
          )}
        </Space>
      ),
    },
  ];
  const columns = [...person, ...(tab === 'checks' ? checkCols : status), ...actions];

  return (
    <Card size="small" style={{ margin: 12 }} data-testid="old-screen">
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k as Tab);
          query.firstPage();
        }}
        items={TABS.map((k) => ({ key: k, label: <span data-testid={`old-tab-${k}`}>{t(`tab.${k}`)}</span> }))}
        tabBarExtraContent={
          tab === 'settings' ? null : (
            <WorklistToolbar
              query={query}
              onRefresh={refresh}
              filters={
                tab === 'residents' && (
                  <Segmented
                    size="small"
                    value={checked}
                    onChange={(v) => {
                      setChecked(v as '' | '0' | '1');
                      query.firstPage();
                    }}
                    options={(['', '0', '1'] as const).map((v) => ({ value: v, label: t(`checked.${v}`) }))}
                  />
                )
              }
            />
          )
        }
      />
      {tab === 'settings' ? (
        <SettingsForm />
      ) : (
        <>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8, fontSize: 12 }}>
            {t('eligibleHint', { year, born: year - ELDERLY_AGE })} · {t('bandsHint')}
          </Typography.Text>
          <div data-testid="old-table">
            <Table<Row>
              rowKey={(r) => ('checkId' in r ? r.checkId : r.residentId)}
              size="small"
              loading={list.isFetching}
              columns={columns}
              dataSource={(list.data?.list ?? []) as Row[]}
              scroll={{ x: 1250 }}
              locale={{ emptyText: t('noData') }}
              pagination={{
                current: page.currentPage,
                pageSize: page.pageSize,
                total: list.data?.pagination.total ?? 0,
                showSizeChanger: true,
                showTotal: (total) => <span data-testid="old-total">{t('total', { total })}</span>,
                onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
              }}
            />
          </div>
        </>
      )}
      {checkFor && (
        <CheckDialog residentId={checkFor.residentId} name={checkFor.name} onClose={() => setCheckFor(null)} onSaved={refresh} />
      )}
    </Card>
  );
}

/** The programme's settings: the target of 老年人健康管理率 (administrators change it; the server refuses others). */
function SettingsForm() {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<{ targetRate: number }>();
  const [busy, setBusy] = useState(false);
  const settings = useQuery({ queryKey: ['healthElderly', 'settings'], queryFn: async () => (await elderlyApi.settings()).data });
  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await elderlyApi.saveSettings({ targetRate: v.targetRate });
      toast.success(t('settingsSaved'));
      void settings.refetch();
    } finally {
      setBusy(false);
    }
  };
  if (!settings.data) return null;
  return (
    <Form form={form} layout="vertical" initialValues={settings.data} style={{ maxWidth: 420 }} data-testid="old-settings">
      <Alert type="info" showIcon message={t('targetHint')} description={t('adminOnly')} style={{ marginBottom: 16 }} />
      <Form.Item name="targetRate" label={t('targetRate')} rules={[{ required: true }]}>
        <InputNumber min={0} max={100} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Button type="primary" loading={busy} onClick={() => void save()}>
        {t('save')}
      </Button>
    </Form>
  );
}
