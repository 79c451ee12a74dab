import { useState } from 'react';
import { Drawer, Input, Segmented, Space, Table, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { NoticeReceipt, NoticeRow } from '@medalliance/contract';
import { noticeApi } from './noticeApi.ts';
import { NS } from './messages.ts';

type Filter = 'all' | 'read' | 'unread';
const IS_READ: Record<Filter, 0 | 1 | undefined> = { all: undefined, read: 1, unread: 0 };

/** Who has read a released notice and who has not (counts, filter, name search, paged on the server). */
export function ReceiptDrawer({ notice, onClose }: { notice: NoticeRow; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [filter, setFilter] = useState<Filter>('all');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const q = useQuery({
    queryKey: ['notice', 'receipts', notice.id, filter, keyword, page],
    queryFn: async () => (await noticeApi.receipts(notice.id, { ...page, keyword, isRead: IS_READ[filter] })).data,
    placeholderData: keepPreviousData,
  });
  const counts = q.data?.counts ?? { total: 0, read: 0, unread: 0 };
  return (
    <Drawer open onClose={onClose} size={720} title={t('receipts.title', { title: notice.title })} data-testid="ma-notice-receipts">
      <Space orientation="vertical" style={{ width: '100%' }} size={12}>
        <Space wrap>
          <Segmented<Filter>
            value={filter}
            onChange={(f) => {
              setFilter(f);
              setPage((p) => ({ ...p, currentPage: 1 }));
            }}
            options={[
              { value: 'all', label: t('receipts.total', { count: counts.total }) },
              { value: 'read', label: t('receipts.read', { count: counts.read }) },
              { value: 'unread', label: t('receipts.unread', { count: counts.unread }) },
            ]}
            data-testid="ma-notice-receipts-filter"
          />
          <Input.Search
            allowClear
            placeholder={t('receipts.search')}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage((p) => ({ ...p, currentPage: 1 }));
            }}
            style={{ width: 220 }}
          />
        </Space>
        <Table<NoticeReceipt>
          rowKey="userId"
          size="small"
          loading={q.isFetching}
          dataSource={q.data?.list ?? []}
          columns={[
            { title: t('receipts.name'), dataIndex: 'realName', width: 110 },
            { title: t('receipts.account'), dataIndex: 'account', width: 110 },
            { title: t('receipts.organize'), dataIndex: 'organize', ellipsis: true },
            {
              title: t('receipts.state'),
              dataIndex: 'isRead',
              width: 80,
              render: (v: 0 | 1) => (v ? <Tag color="success">{t('receipts.isRead')}</Tag> : <Tag>{t('receipts.notRead')}</Tag>),
            },
            {
              title: t('receipts.readTime'),
              dataIndex: 'readTime',
              width: 150,
              render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : ''),
            },
          ]}
          pagination={{
            current: page.currentPage,
            pageSize: page.pageSize,
            total: q.data?.pagination.total ?? 0,
            showSizeChanger: true,
            onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
          }}
        />
      </Space>
    </Drawer>
  );
}
