import { CheckOutlined, DeleteOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageType, type InboxItem } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import {
  actionsColumn,
  ListPage,
  systemLook as look,
  useDeleteRow,
  useListConfirm,
  useListQuery,
  useListTexts,
} from '../../components/listPage/index.ts';
import { languageOf } from '../../i18n/index.ts';
import { inboxApi } from './inboxApi.ts';
import { displayTitle } from './messageLink.ts';
import { useMessages } from './messageStore.ts';
import { NS } from './messages.ts';
import { useOpenMessage } from './useOpenMessage.tsx';
// The system screens' list look: its texts (search, reset, total…) and its layout.
import '../system/messages.ts';
import '../system/common/system.css';
import './message.css';

const KEY = ['message', 'record'] as const;

/** Syncs the badge with the server after a change made here (a delete may remove unread ones). */
const syncBadge = () =>
  void inboxApi.unreadCount().then(
    (r) => useMessages.getState().setUnread(r.data.unreadTotalCount),
    () => undefined,
  );

/**
 * The message centre (/messageRecord, opened from the drawer): my whole
 * inbox paged on the server, filtered by type and title, opened (marks read),
 * marked read, and deleted one by one or in a batch after confirmation.
 */
export default function MessageRecordPage() {
  const { t, i18n } = useTranslation(NS);
  const lang = languageOf(i18n);
  const { query, search, filter, paging } = useListQuery<{ type: MessageType | undefined }>({ type: undefined });
  const list = useQuery({
    queryKey: [...KEY, query],
    queryFn: async () => (await inboxApi.list(query)).data,
    placeholderData: keepPreviousData,
  });
  // A pushed message shows here too without a reload.
  const pushSeq = useMessages((s) => s.lastPush?.seq ?? 0);
  const [selected, setSelected] = useState<string[]>([]);
  const listText = useListTexts(look);
  const refresh = async () => {
    await list.refetch();
  };
  const { refetch } = list;
  useEffect(() => {
    if (pushSeq) void refetch();
  }, [pushSeq, refetch]);
  const { open, dialog } = useOpenMessage(() => void refresh());
  const confirm = useListConfirm(look);
  const remove = useDeleteRow(
    look,
    async (row: InboxItem) => {
      await inboxApi.remove([row.id]);
      syncBadge();
    },
    refresh,
  );

  const markRead = async (row: InboxItem) => {
    await inboxApi.read(row.id);
    useMessages.getState().readOne();
    await refresh();
  };
  const readAll = async () => {
    const res = await inboxApi.readAll(query.type);
    useMessages.getState().readMany(res.data.count);
    toast.success(t('drawer.readAllDone'));
    await refresh();
  };
  const removeSelected = () =>
    confirm(t('record.deleteSelectedConfirm', { count: selected.length }), async () => {
      await inboxApi.remove(selected);
      setSelected([]);
      syncBadge();
      await refresh();
    });

  const columns: ColumnsType<InboxItem> = [
    {
      title: t('record.colTitle'),
      dataIndex: 'title',
      ellipsis: true,
      render: (_: string, row) => (
        <Button type="link" size="small" className={`ma-msg-record-title ${row.isRead ? '' : 'is-unread'}`} onClick={() => void open(row)}>
          {displayTitle(row, lang, t)}
        </Button>
      ),
    },
    { title: t('record.colType'), dataIndex: 'type', width: 110, render: (v: number) => t(`type.${v}`) },
    { title: t('record.colSender'), dataIndex: 'creatorUser', width: 150, ellipsis: true, render: (v: string) => v || t('record.system') },
    { title: t('record.colTime'), dataIndex: 'releaseTime', width: 160, render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    {
      title: t('record.colState'),
      dataIndex: 'isRead',
      width: 90,
      render: (v: number) => (v ? <Tag>{t('read')}</Tag> : <Tag color="red">{t('unread')}</Tag>),
    },
    actionsColumn<InboxItem>(look, listText('actions'), 170, (row) => ({
      actions: [
        { key: 'view', label: t('record.view'), onClick: () => void open(row) },
        ...(row.isRead ? [] : [{ key: 'read', label: t('record.markRead'), onClick: () => void markRead(row) }]),
        { key: 'delete', onClick: () => remove(row) },
      ],
    })),
  ];

  return (
    <ListPage<InboxItem>
      look={look}
      testId="ma-message-record"
      search={{
        onSearch: (keyword) => search(keyword),
        placeholder: t('record.keyword'),
        filters: (
          <Select<MessageType | 0>
            value={query.type ?? 0}
            style={{ width: 140 }}
            aria-label={t('record.type')}
            onChange={(v) => filter({ type: v || undefined })}
            options={[
              { value: 0, label: t('record.allTypes') },
              { value: MessageType.notice, label: t('type.1') },
              { value: MessageType.system, label: t('type.2') },
            ]}
          />
        ),
        onReset: () => search('', { type: undefined }),
      }}
      toolbar={
        <Space>
          <Button icon={<CheckOutlined />} onClick={() => void readAll()} data-testid="ma-record-read-all">
            {t('record.readAll')}
          </Button>
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={removeSelected} data-testid="ma-record-delete">
            {t('record.deleteSelected')}
          </Button>
        </Space>
      }
      onRefresh={() => void refresh()}
      paging={paging(list.data?.pagination.total ?? 0)}
      table={{
        loading: list.isFetching,
        dataSource: list.data?.list ?? [],
        columns,
        rowKey: 'id',
        rowSelection: { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) },
        scroll: { x: 900 },
      }}
    >
      {dialog}
    </ListPage>
  );
}
