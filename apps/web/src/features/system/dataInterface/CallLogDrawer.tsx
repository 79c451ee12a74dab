import { useState } from 'react';
import { Button, DatePicker, Drawer, Input, Space, Table, Tag, Tooltip } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type DataInterfaceLogRow } from '@medalliance/contract';
import { dataInterfaceApi, type InterfaceRow } from '../../../api/system.ts';
import { NS } from '../messages.ts';

/** The call log of one interface: who called it, from where, how long it took, and whether it failed. */
export function CallLogDrawer({ row, onClose }: { row: InterfaceRow; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [keyword, setKeyword] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [query, setQuery] = useState<{ keyword: string; currentPage: number; pageSize: number; startTime?: number; endTime?: number }>({
    keyword: '',
    currentPage: 1,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const list = useQuery({
    queryKey: ['system', 'dataInterface', 'logs', row.id, query],
    queryFn: async () => (await dataInterfaceApi.logs(row.id, query)).data,
    placeholderData: keepPreviousData,
  });
  const search = () =>
    setQuery((q) => ({
      ...q,
      currentPage: 1,
      keyword: keyword.trim(),
      startTime: range?.[0]?.startOf('day').valueOf(),
      endTime: range?.[1]?.endOf('day').valueOf(),
    }));

  return (
    <Drawer open size={960} title={t('di.logTitle', { name: row.fullName })} onClose={onClose} destroyOnHidden>
      <div className="ma-sys-filters" style={{ marginBottom: 12 }}>
        <Input
          allowClear
          placeholder={t('di.logKeyword')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={search}
        />
        <DatePicker.RangePicker value={range} onChange={(v) => setRange(v)} />
        <Button type="primary" onClick={search}>
          {t('search')}
        </Button>
        <Button
          onClick={() => {
            setKeyword('');
            setRange(null);
            setQuery((q) => ({ ...q, currentPage: 1, keyword: '', startTime: undefined, endTime: undefined }));
          }}
        >
          {t('reset')}
        </Button>
        <span style={{ flex: 1 }} />
        <Tooltip title={t('refresh')}>
          <Button type="text" icon={<ReloadOutlined />} aria-label={t('refresh')} onClick={() => void list.refetch()} />
        </Tooltip>
      </div>
      <Table<DataInterfaceLogRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 880 }}
        columns={[
          { title: t('di.logTime'), dataIndex: 'createdAt', width: 170, render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
          { title: t('di.logUser'), dataIndex: 'userName', width: 150, ellipsis: true },
          { title: 'IP', dataIndex: 'ip', width: 120 },
          {
            title: t('di.logDuration'),
            dataIndex: 'duration',
            width: 100,
            align: 'right',
            sorter: (a, b) => a.duration - b.duration,
            render: (v: number) => <span className={v > 1000 ? 'ma-di-slow' : undefined}>{Math.round(v)} ms</span>,
          },
          {
            title: t('di.logResult'),
            dataIndex: 'success',
            width: 80,
            render: (v: number) => (v ? <Tag color="success">{t('di.ok')}</Tag> : <Tag color="error">{t('di.failed')}</Tag>),
          },
          { title: t('di.logSource'), dataIndex: 'source', width: 90, render: (v: string) => t(`di.source.${v}`, { defaultValue: v }) },
          {
            title: t('di.logMessage'),
            dataIndex: 'message',
            ellipsis: true,
            render: (v: string | null) => (v ? <Tooltip title={v}>{v}</Tooltip> : ''),
          },
        ]}
        pagination={{
          current: query.currentPage,
          pageSize: query.pageSize,
          total: list.data?.pagination.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (total) => t('total', { total }),
          onChange: (currentPage, pageSize) => setQuery((q) => ({ ...q, currentPage, pageSize })),
        }}
      />
      <Space />
    </Drawer>
  );
}
