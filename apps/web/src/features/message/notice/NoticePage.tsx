import { useState } from 'react';
import { App, Button, Select, Tag } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { InboxItem, NoticeRow } from '@medalliance/contract';
import { MessageType } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { actionsColumn, ListPage, systemLook as look, useDeleteRow, useListQuery } from '../../../components/listPage/index.ts';
import '../../system/messages.ts';
import '../../system/common/system.css';
import { NoticeDialog } from '../NoticeDialog.tsx';
import { NoticeFormModal } from './NoticeFormModal.tsx';
import { noticeApi } from './noticeApi.ts';
import { ReceiptDrawer } from './ReceiptDrawer.tsx';
import { NS } from './messages.ts';

const KEY = ['message', 'notice', 'list'] as const;
const RELEASE = 'btn_release';

interface Filters {
  sidx: string;
  sort: 'asc' | 'desc';
  enabledMark?: 0 | 1 | undefined;
}

const time = (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');

/**
 * Notice administration (spec §7.2): the list (keyword, status, sorting and
 * paging on the server), new / edit drafts, release with a confirmation,
 * withdraw, delete, a preview in the 80 % notice dialog and the read receipts.
 */
export default function NoticePage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const { modal } = App.useApp();
  const { query, setQuery, search, filter, paging } = useListQuery<Filters>({ sidx: '', sort: 'desc' });
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const [receipts, setReceipts] = useState<NoticeRow | null>(null);
  const [preview, setPreview] = useState<InboxItem | null>(null);

  const list = useQuery({
    queryKey: [...KEY, query],
    queryFn: async () => (await noticeApi.list(query)).data,
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  const remove = useDeleteRow(look, (row: NoticeRow) => noticeApi.remove(row.id), refresh);

  const release = (id: string, title: string) =>
    modal.confirm({
      title: t('release'),
      content: t('releaseConfirm', { title }),
      okText: t('release'),
      onOk: async () => {
        const res = await noticeApi.release(id);
        toast.success(t('released', { count: res.data.receivers }));
        await refresh();
      },
    });
  const withdraw = (row: NoticeRow) =>
    modal.confirm({
      title: t('withdraw'),
      content: t('withdrawConfirm', { title: row.title }),
      okText: t('withdraw'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await noticeApi.withdraw(row.id);
        toast.success(t('withdrawn'));
        await refresh();
      },
    });
  const view = async (row: NoticeRow) => {
    const n = (await noticeApi.get(row.id)).data;
    setPreview({
      id: n.id,
      title: n.title,
      type: MessageType.notice,
      kind: '',
      isRead: 1,
      bodyText: n.bodyText,
      creatorUser: n.creatorUser,
      releaseTime: n.releaseTime ?? n.creatorTime,
      lastModifyTime: n.lastModifyTime ?? n.creatorTime,
      readTime: null,
      enabledMark: n.enabledMark,
    });
  };

  const sortOrder = (field: string) => (query.sidx === field ? (query.sort === 'asc' ? 'ascend' : 'descend') : null);
  const columns: ColumnsType<NoticeRow> = [
    {
      title: t('col.title'),
      dataIndex: 'title',
      sorter: true,
      sortOrder: sortOrder('title'),
      ellipsis: true,
      render: (v: string, row) => (
        <a onClick={() => void view(row)} data-testid="ma-notice-row-title">
          {v}
        </a>
      ),
    },
    {
      title: t('col.state'),
      dataIndex: 'enabledMark',
      width: 90,
      sorter: true,
      sortOrder: sortOrder('enabledMark'),
      render: (v: 0 | 1) => <Tag color={v ? 'success' : 'default'}>{t(`state.${v}`)}</Tag>,
    },
    { title: t('col.creator'), dataIndex: 'creatorUser', width: 150, ellipsis: true },
    { title: t('col.creatorTime'), dataIndex: 'creatorTime', width: 150, sorter: true, sortOrder: sortOrder('creatorTime'), render: time },
    { title: t('col.releaseTime'), dataIndex: 'releaseTime', width: 150, sorter: true, sortOrder: sortOrder('releaseTime'), render: time },
    {
      title: t('col.read'),
      key: 'read',
      width: 110,
      render: (_: unknown, row) =>
        row.enabledMark ? (
          <a onClick={() => setReceipts(row)} data-testid="ma-notice-receipts-link">
            {row.readCount} / {row.receiverCount}
          </a>
        ) : (
          '—'
        ),
    },
    { title: t('col.files'), dataIndex: 'fileCount', width: 70, align: 'center' },
    actionsColumn<NoticeRow>(look, t('actions', { ns: 'system' }), 250, (row) => ({
      actions: row.enabledMark
        ? [
            { key: 'receipts', label: t('receipts'), code: null, onClick: () => setReceipts(row) },
            { key: 'withdraw', label: t('withdraw'), code: RELEASE, onClick: () => withdraw(row), testId: 'ma-notice-withdraw' },
            { key: 'delete', onClick: () => remove(row) },
          ]
        : [
            { key: 'edit', onClick: () => setEditing({ id: row.id }) },
            { key: 'release', label: t('release'), code: RELEASE, onClick: () => release(row.id, row.title), testId: 'ma-notice-release' },
            { key: 'delete', onClick: () => remove(row) },
          ],
    })),
  ];

  return (
    <ListPage<NoticeRow>
      look={look}
      testId="ma-notice-page"
      search={{
        onSearch: search,
        onReset: () => setQuery((q) => ({ ...q, keyword: '', enabledMark: undefined, currentPage: 1 })),
        filters: (
          <Select<0 | 1 | ''>
            style={{ width: 140 }}
            value={query.enabledMark ?? ''}
            onChange={(v) => filter({ enabledMark: v === '' ? undefined : v })}
            options={[
              { value: '', label: t('state.all') },
              { value: 0, label: t('state.0') },
              { value: 1, label: t('state.1') },
            ]}
            aria-label={t('col.state')}
            data-testid="ma-notice-state"
          />
        ),
      }}
      toolbar={
        <Auth code={BUTTON_CODES.add}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })} data-testid="ma-notice-add">
            {t('add')}
          </Button>
        </Auth>
      }
      onRefresh={() => void list.refetch()}
      table={{
        loading: list.isFetching,
        dataSource: list.data?.list ?? [],
        columns,
        scroll: { x: 1150 },
        onChange: (pagination, _filters, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<NoticeRow> | undefined;
          setQuery((q) => ({
            ...q,
            currentPage: pagination.current ?? 1,
            pageSize: pagination.pageSize ?? q.pageSize,
            sidx: s?.order ? String(s.field) : '',
            sort: s?.order === 'ascend' ? 'asc' : 'desc',
          }));
        },
      }}
      paging={paging(list.data?.pagination.total ?? 0, null)}
    >
      {editing && (
        <NoticeFormModal
          editingId={editing.id}
          onClose={() => setEditing(null)}
          onSaved={(id, title, andRelease) => {
            toast.success(t('saved'));
            void refresh();
            if (andRelease) release(id, title);
          }}
        />
      )}
      {receipts && <ReceiptDrawer notice={receipts} onClose={() => setReceipts(null)} />}
      {preview && <NoticeDialog item={preview} onClose={() => setPreview(null)} />}
    </ListPage>
  );
}
