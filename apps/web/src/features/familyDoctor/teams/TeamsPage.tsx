import { useState } from 'react';
import { Button, Card, Input, Popconfirm, Select, Space, Table, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FD_TEAM_STATUSES, type FdTeamRow } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { fdApi, fmtTime } from './api.ts';
import { MemberTags, StatusTag } from './TeamBits.tsx';
import { TeamForm } from './TeamForm.tsx';
import { NS } from './messages.ts';
import './messages.ts';
import './teams.css';

/** 团队管理 (fd_team): the caller's units' teams, searchable and sortable; set up, edit, submit for review, disable, delete. */
export default function TeamsPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [filter, setFilter] = useState({ keyword: '', status: '', orgId: '' });
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [sort, setSort] = useState<{ sidx: string; sort: 'asc' | 'desc' }>({ sidx: 'createdAt', sort: 'desc' });
  const [editing, setEditing] = useState<FdTeamRow | 'new' | null>(null);
  const meta = useQuery({ queryKey: ['fdTeams', 'meta'], queryFn: async () => (await fdApi.teamMeta()).data });
  const q = useQuery({
    queryKey: ['fdTeams', 'list', filter, page, sort],
    queryFn: async () => (await fdApi.teams({ ...filter, ...page, ...sort })).data,
    placeholderData: keepPreviousData,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['fdTeams'] });
  const act = useMutation({
    mutationFn: async ({ kind, id }: { kind: 'submit' | 'disable' | 'remove'; id: string }) => {
      if (kind === 'submit') await fdApi.submitTeam(id);
      if (kind === 'disable') await fdApi.disableTeam(id);
      if (kind === 'remove') await fdApi.removeTeam(id);
      return kind;
    },
    onSuccess: (kind) => {
      toast.success(t(kind === 'submit' ? 'submitted' : kind === 'disable' ? 'disabled' : 'removed'));
      refresh();
    },
  });
  const rights = meta.data?.rights ?? { add: false, edit: false, remove: false };

  return (
    <Card className="fd-screen" data-testid="fd-team-page">
      <Space className="fd-toolbar" wrap>
        <Input.Search
          allowClear
          placeholder={t('keyword')}
          style={{ width: 220 }}
          onSearch={(keyword) => (setFilter({ ...filter, keyword }), setPage({ ...page, currentPage: 1 }))}
          data-testid="fd-team-keyword"
        />
        <Select
          style={{ width: 140 }}
          value={filter.status}
          onChange={(status) => (setFilter({ ...filter, status }), setPage({ ...page, currentPage: 1 }))}
          options={[{ value: '', label: t('allStatus') }, ...FD_TEAM_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
        />
        <Select
          style={{ width: 220 }}
          value={filter.orgId}
          onChange={(orgId) => (setFilter({ ...filter, orgId }), setPage({ ...page, currentPage: 1 }))}
          options={[{ value: '', label: t('allUnits') }, ...(meta.data?.units ?? []).map((u) => ({ value: u.id, label: u.name }))]}
        />
        {rights.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="fd-team-add">
            {t('add')}
          </Button>
        )}
      </Space>
      <Table<FdTeamRow>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: t('empty') }}
        scroll={{ x: 1500 }}
        data-testid="fd-team-table"
        onChange={(_, __, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          setSort(s?.order ? { sidx: String(s.field), sort: s.order === 'ascend' ? 'asc' : 'desc' } : { sidx: 'createdAt', sort: 'desc' });
        }}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: q.data?.pagination.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => t('total', { n }),
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
        columns={[
          { title: t('col.code'), dataIndex: 'code', width: 120, sorter: true },
          { title: t('col.name'), dataIndex: 'name', width: 200, sorter: true },
          { title: t('col.unit'), dataIndex: 'orgName', width: 180 },
          { title: t('col.leader'), dataIndex: 'leaderName', width: 90 },
          { title: t('col.members'), key: 'members', width: 320, render: (_, r) => <MemberTags members={r.members} /> },
          { title: t('col.status'), dataIndex: 'status', width: 100, render: (s: FdTeamRow['status']) => <StatusTag status={s} /> },
          { title: t('col.submittedAt'), dataIndex: 'submittedAt', width: 150, sorter: true, render: fmtTime },
          {
            title: t('col.comment'),
            dataIndex: 'auditComment',
            width: 160,
            ellipsis: true,
            render: (v: string | null) => (v ? <Tooltip title={v}>{v}</Tooltip> : '—'),
          },
          {
            title: t('col.actions'),
            key: 'actions',
            width: 220,
            fixed: 'right',
            render: (_, r) => (
              <Space size={4} wrap>
                {rights.edit && r.status !== 'pending' && (
                  <Button type="link" size="small" onClick={() => setEditing(r)} data-testid={`fd-team-edit-${r.code}`}>
                    {t('edit')}
                  </Button>
                )}
                {rights.edit && ['draft', 'rejected', 'disabled'].includes(r.status) && (
                  <Popconfirm title={t('confirmSubmit')} onConfirm={() => act.mutate({ kind: 'submit', id: r.id })}>
                    <Button type="link" size="small" data-testid={`fd-team-submit-${r.code}`}>
                      {t(r.status === 'disabled' ? 'enableAgain' : 'submit')}
                    </Button>
                  </Popconfirm>
                )}
                {rights.edit && r.status === 'active' && (
                  <Popconfirm title={t('confirmDisable')} onConfirm={() => act.mutate({ kind: 'disable', id: r.id })}>
                    <Button type="link" size="small" danger>
                      {t('disable')}
                    </Button>
                  </Popconfirm>
                )}
                {rights.remove && ['draft', 'rejected'].includes(r.status) && (
                  <Popconfirm title={t('confirmRemove')} onConfirm={() => act.mutate({ kind: 'remove', id: r.id })}>
                    <Button type="link" size="small" danger>
                      {t('remove')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <TeamForm
        open={editing !== null}
        team={editing === 'new' ? null : editing}
        units={meta.data?.units ?? []}
        onClose={(changed) => (setEditing(null), changed && refresh())}
      />
    </Card>
  );
}
