import { useQuery } from '@tanstack/react-query';
import { Badge, List } from 'antd';
import dayjs from 'dayjs';
import type { NoticeWidget, TodoWidget } from '@medalliance/contract';
import { useTranslation } from 'react-i18next';
import { portalApi } from '../../../api/portal.ts';
import { useView } from '../../../app/shell/ViewContext.ts';
import { NS } from '../messages.ts';
import { useSettled } from './settle.ts';
import { errorMessage, WidgetCard } from './WidgetCard.tsx';

/**
 * The caller's to-dos (count and list) or the latest notices, from the
 * server's feeds. Until the workflow and messages modules exist the feeds are
 * empty, and these show their empty states: never made-up numbers.
 */
export function FeedWidget({ widget }: { widget: TodoWidget | NoticeWidget }) {
  const { t } = useTranslation(NS);
  const active = useView()?.active ?? true;
  const todo = widget.type === 'todo';
  const q = useQuery({
    queryKey: ['portal', 'feed', widget.type],
    queryFn: async () => (todo ? await portalApi.todo() : await portalApi.notice()).data,
    refetchInterval: active && widget.refresh > 0 ? widget.refresh * 1000 : false,
    retry: false,
  });
  const list = q.data?.list.slice(0, widget.limit) ?? [];
  const state = q.isPending ? 'loading' : q.isError && !q.data ? 'error' : list.length ? 'ready' : 'empty';
  useSettled(widget.id, state !== 'loading');
  return (
    <WidgetCard
      widget={widget}
      state={state}
      emptyText={todo ? t('w.todoEmpty') : t('w.noticeEmpty')}
      errorText={errorMessage(q.error)}
      fetching={q.isFetching}
      onReload={() => void q.refetch()}
      extra={
        todo && q.data ? (
          <Badge count={q.data.total} showZero color={q.data.total ? 'red' : 'gray'} title={t('w.todoCount', { count: q.data.total })} />
        ) : null
      }
    >
      <List
        size="small"
        dataSource={list}
        renderItem={(item) => (
          <List.Item extra={<span className="ma-portal-feed-time">{dayjs(item.time).format('MM-DD HH:mm')}</span>}>{item.title}</List.Item>
        )}
      />
    </WidgetCard>
  );
}
