import { useState, type ReactNode } from 'react';
import { Button, Card, Input, Progress, Select, Space, Table, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COURSE_CATEGORIES, type CourseRow, type CourseStatus } from '@medalliance/contract';
import { trainingApi } from './api.ts';
import { fmtDate, fmtTime } from './format.ts';
import { StatusTag } from './shared.tsx';
import { NS } from './messages.ts';

type Box = 'manage' | 'review' | 'catalogue';

/**
 * Courses of one box (manage: every course; review: the submitted ones and
 * their outcome; catalogue: published), searchable and sortable in SQL; a
 * title opens `onOpen`, `actions` adds the row's buttons.
 */
export function CourseTable({
  box,
  toolbar,
  actions,
  onOpen,
  statuses,
  defaultStatus,
  showProgress,
  testId,
}: {
  box: Box;
  toolbar?: ReactNode;
  actions?: (r: CourseRow) => ReactNode;
  onOpen: (r: CourseRow) => void;
  statuses?: CourseStatus[];
  defaultStatus?: CourseStatus;
  showProgress?: boolean;
  testId: string;
}) {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [q, setQ] = useState({
    box,
    currentPage: 1,
    pageSize: 20,
    keyword: '',
    status: defaultStatus ?? '',
    category: '',
    sort: 'createdAt',
    order: 'desc',
  });
  const data = useQuery({ queryKey: ['training', 'courses', q], queryFn: async () => (await trainingApi.courses(q)).data });
  return (
    <Card data-testid={testId}>
      <Space wrap style={{ marginBottom: 12 }}>
        {toolbar}
        {statuses && (
          <Select
            style={{ width: 130 }}
            value={q.status}
            onChange={(v) => setQ({ ...q, status: v, currentPage: 1 })}
            options={[{ value: '', label: t('allStates') }, ...statuses.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
          />
        )}
        <Select
          style={{ width: 150 }}
          value={q.category}
          onChange={(v) => setQ({ ...q, category: v, currentPage: 1 })}
          options={[{ value: '', label: t('allCategories') }, ...COURSE_CATEGORIES.map((c) => ({ value: c, label: t(`cat.${c}`) }))]}
        />
        <Input.Search
          allowClear
          maxLength={50}
          placeholder={t('searchCourse')}
          style={{ width: 240 }}
          onSearch={(v) => setQ({ ...q, keyword: v.trim(), currentPage: 1 })}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void client.invalidateQueries({ queryKey: ['training'] })}>
          {t('refresh')}
        </Button>
      </Space>
      <Table<CourseRow>
        rowKey="id"
        size="middle"
        loading={data.isFetching}
        dataSource={data.data?.list ?? []}
        scroll={{ x: 1300 }}
        locale={{ emptyText: t('noCourses') }}
        onChange={(_, __, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          setQ({ ...q, sort: s?.order ? String(s.field) : 'createdAt', order: s?.order === 'ascend' ? 'asc' : 'desc', currentPage: 1 });
        }}
        pagination={{
          current: q.currentPage,
          pageSize: q.pageSize,
          total: data.data?.pagination.total ?? 0,
          showTotal: (n) => t('total', { n }),
          onChange: (currentPage, pageSize) => setQ({ ...q, currentPage, pageSize }),
        }}
        columns={[
          { title: t('courseNo'), dataIndex: 'courseNo', width: 130, sorter: true },
          {
            title: t('courseTitle'),
            dataIndex: 'title',
            width: 260,
            sorter: true,
            render: (v: string, r) => (
              <a onClick={() => onOpen(r)} data-testid={`course-open-${r.id}`}>
                {v}
              </a>
            ),
          },
          { title: t('category'), dataIndex: 'category', width: 120, render: (v: string) => t(`cat.${v}`) },
          { title: t('teacher'), dataIndex: 'teacherName', width: 150, ellipsis: true },
          {
            title: t('coursePeriod'),
            dataIndex: 'startsAt',
            width: 200,
            sorter: true,
            render: (_: unknown, r) => `${fmtDate(r.startsAt)} – ${fmtDate(r.endsAt)}`,
          },
          {
            title: t('enrolled'),
            dataIndex: 'approved',
            width: 90,
            render: (v: number, r) => (r.capacity ? `${v} / ${r.capacity}` : v),
          },
          { title: t('rating'), dataIndex: 'rating', width: 80, render: (v: number | null) => (v === null ? '—' : v) },
          ...(showProgress
            ? [
                {
                  title: t('myProgress'),
                  dataIndex: 'myProgress',
                  width: 140,
                  render: (v: number, r: CourseRow) =>
                    r.myApply === 'approved' ? (
                      <Progress percent={v} size="small" />
                    ) : (
                      <Typography.Text type="secondary">—</Typography.Text>
                    ),
                },
              ]
            : []),
          ...(box !== 'catalogue'
            ? [
                { title: t('submittedAt'), dataIndex: 'submittedAt', width: 150, render: fmtTime },
                { title: t('state'), dataIndex: 'status', width: 90, render: (v: string) => <StatusTag status={v} /> },
              ]
            : [
                {
                  title: t('myApply'),
                  dataIndex: 'myApply',
                  width: 100,
                  render: (v: string | null) => (v ? <StatusTag status={v} group="apply" /> : '—'),
                },
              ]),
          ...(actions
            ? [{ title: t('operation'), key: 'op', width: 220, fixed: 'right' as const, render: (_: unknown, r: CourseRow) => actions(r) }]
            : []),
        ]}
      />
    </Card>
  );
}
