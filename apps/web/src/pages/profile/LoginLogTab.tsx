import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@medalliance/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLoginLog, type LoginLogQuery, type LoginLogRow } from './profileApi.ts';
import { LOGIN_TYPES, dayRange, loginMessageKey } from './profileRules.ts';
import { NS } from './messages.ts';

type Range = [Dayjs | null, Dayjs | null] | null;

/** My own sign-ins (spec §7.3 SystemLog), newest first, paged on the server, filtered by dates and keyword. */
export function LoginLogTab() {
  const { t } = useTranslation(NS);
  const [keyword, setKeyword] = useState('');
  const [range, setRange] = useState<Range>(null);
  const [query, setQuery] = useState<LoginLogQuery>({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE });
  const list = useQuery({
    queryKey: ['profile', 'loginLog', query],
    queryFn: async () => (await fetchLoginLog(query)).data,
    placeholderData: keepPreviousData,
  });

  const search = () =>
    setQuery((q) => ({
      currentPage: 1,
      pageSize: q.pageSize,
      ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
      ...dayRange(range?.[0]?.toDate() ?? null, range?.[1]?.toDate() ?? null),
    }));
  const reset = () => {
    setKeyword('');
    setRange(null);
    setQuery((q) => ({ currentPage: 1, pageSize: q.pageSize }));
  };

  const none = t('none');
  const columns: TableColumnsType<LoginLogRow> = [
    {
      key: 'time',
      title: t('log.time'),
      dataIndex: 'createdAt',
      width: 168,
      render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      key: 'result',
      title: t('log.result'),
      width: 170,
      // A failure says why (wrong password, locked …); a success needs no words.
      render: (_, row) => {
        if (row.success) return <Tag color="success">{t('log.success')}</Tag>;
        const key = loginMessageKey(row.message);
        return (
          <span className="ma-profile-log-failure">
            <Tag color="error">{t('log.failure')}</Tag>
            <span>{key ? t(key) : row.message || ''}</span>
          </span>
        );
      },
    },
    {
      key: 'type',
      title: t('log.type'),
      dataIndex: 'loginType',
      width: 110,
      render: (v: string) => ((LOGIN_TYPES as readonly string[]).includes(v) ? t(`log.type.${v}`) : v),
    },
    {
      key: 'address',
      title: t('log.address'),
      width: 160,
      render: (_, row) => [row.ip, row.ipAddressName].filter(Boolean).join(' · ') || none,
    },
    {
      key: 'device',
      title: t('log.device'),
      ellipsis: true,
      render: (_, row) => [row.platform, row.browser].filter(Boolean).join(' · ') || none,
    },
  ];

  return (
    <div className="ma-profile-log">
      <div className="ma-profile-log-filters">
        <DatePicker.RangePicker
          value={range}
          onChange={(value) => setRange(value)}
          placeholder={[t('log.start'), t('log.end')]}
          aria-label={t('log.range')}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          allowEmpty={[true, true]}
        />
        <Input
          allowClear
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={search}
          placeholder={t('log.keyword')}
          aria-label={t('log.keyword')}
          maxLength={100}
          className="ma-profile-log-keyword"
        />
        <Space>
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            {t('log.search')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reset}>
            {t('log.reset')}
          </Button>
        </Space>
      </div>
      <Table<LoginLogRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 760 }}
        pagination={{
          current: query.currentPage,
          pageSize: query.pageSize,
          total: list.data?.pagination.total ?? 0,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (total) => t('log.total', { total }),
          onChange: (currentPage, pageSize) =>
            setQuery((q) => ({ ...q, currentPage: pageSize === q.pageSize ? currentPage : 1, pageSize })),
        }}
      />
    </div>
  );
}
