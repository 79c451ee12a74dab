import { useState, type ReactNode } from 'react';
import { Button, Card, Input, Select, Space, Table, Tag } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { consultApi, type ConferenceBox, type ConferenceRow } from './api.ts';
import { CONFERENCE_COLORS, ConferenceDrawer, ConferenceStateTag } from './ConferenceDrawer.tsx';
import { time } from './format.ts';
import { NS } from './messages.ts';

/** Conferences of one box (mine, approve, all, attend): time, where, participants signed in, state; a row opens the drawer. */
export function ConferenceList({ box, toolbar, testId = 'conference-list' }: { box: ConferenceBox; toolbar?: ReactNode; testId?: string }) {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [q, setQ] = useState({ currentPage: 1, pageSize: 20, box, state: '', keyword: '' });
  const [open, setOpen] = useState<string | null>(null);
  const data = useQuery({ queryKey: ['consult', 'conferences', q], queryFn: async () => (await consultApi.conferences(q)).data });
  const refresh = () => void client.invalidateQueries({ queryKey: ['consult'] });
  return (
    <Card data-testid={testId}>
      <Space wrap style={{ marginBottom: 12 }}>
        {toolbar}
        <Select
          style={{ width: 120 }}
          value={q.state}
          onChange={(v) => setQ({ ...q, state: v, currentPage: 1 })}
          options={[
            { value: '', label: t('allStates') },
            ...Object.keys(CONFERENCE_COLORS).map((s) => ({ value: s, label: t(`cstate.${s}`) })),
          ]}
        />
        <Input.Search
          allowClear
          maxLength={50}
          placeholder={t('conferenceTitle')}
          style={{ width: 220 }}
          onSearch={(v) => setQ({ ...q, keyword: v.trim(), currentPage: 1 })}
        />
        <Button icon={<ReloadOutlined />} onClick={refresh}>
          {t('refresh')}
        </Button>
      </Space>
      <Table<ConferenceRow>
        rowKey="id"
        size="middle"
        loading={data.isFetching}
        dataSource={data.data?.list ?? []}
        scroll={{ x: 1000 }}
        pagination={{
          current: q.currentPage,
          pageSize: q.pageSize,
          total: data.data?.pagination.total ?? 0,
          showTotal: (n) => t('total', { n }),
          onChange: (currentPage, pageSize) => setQ({ ...q, currentPage, pageSize }),
        }}
        columns={[
          { title: t('conferenceTitle'), dataIndex: 'title', render: (v: string, r) => <a onClick={() => setOpen(r.id)}>{v}</a> },
          { title: t('conferenceTime'), dataIndex: 'startAt', width: 160, render: time },
          {
            title: t('conferenceMode'),
            dataIndex: 'mode',
            width: 200,
            ellipsis: true,
            render: (v: string, r) => `${t(v)} · ${v === 'online' ? r.link : r.place}`,
          },
          { title: t('applicant'), dataIndex: 'applicantName', width: 90 },
          { title: t('attendanceRate'), key: 'att', width: 100, render: (_: unknown, r) => `${r.signed} / ${r.participants}` },
          {
            title: t('state'),
            dataIndex: 'state',
            width: 150,
            render: (v: string, r) => (
              <Space size={4}>
                <ConferenceStateTag state={v} />
                {r.mySignedAt && <Tag color="green">{t('signed')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('operation'),
            key: 'op',
            width: 90,
            fixed: 'right',
            render: (_: unknown, r) => (
              <Button size="small" type="link" onClick={() => setOpen(r.id)} data-testid={`conference-open-${r.id}`}>
                {t('view')}
              </Button>
            ),
          },
        ]}
      />
      {open && <ConferenceDrawer id={open} onClose={() => setOpen(null)} onChanged={refresh} />}
    </Card>
  );
}
