import { useState } from 'react';
import { Button, Select, Space, Tag, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { dataInterfaceApi, type InterfaceRow } from '../../../api/system.ts';
import { toast } from '../../../app/feedback.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import {
  actionsColumn,
  ListPage,
  systemLook as look,
  useDeleteRow,
  useListQuery,
  useRowState,
} from '../../../components/listPage/index.ts';
import { checkAccept, checkSize } from '../../../components/upload/uploadRules.ts';
import { NS as UPLOAD_NS } from '../../../components/upload/messages.ts';
import { useDictionary, dictionaryLabel } from '../../../lookups/dictionaries.ts';
import { SideTree } from '../common/SideTree.tsx';
import { exportAction, stateColumn } from '../common/listColumns.tsx';
import { NS } from '../messages.ts';
import { CallLogDrawer } from './CallLogDrawer.tsx';
import { CATEGORY_DICTIONARY, InterfaceEditor } from './InterfaceEditor.tsx';
import './messages.ts';
import '../common/system.css';

const KEY = ['system', 'dataInterface', 'list'] as const;
const KIND_COLORS: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'purple' };

interface Filters {
  categoryId?: string;
  dataType?: number;
}

/** Data interfaces (spec §7.5): by category, the three kinds, state, test, call log, export and import. */
export default function DataInterfacePage() {
  const { t } = useTranslation(NS);
  const { t: tu } = useTranslation(UPLOAD_NS);
  const client = useQueryClient();
  const categories = useDictionary(CATEGORY_DICTIONARY);
  const { query, search, filter, paging } = useListQuery<Filters>();
  const [editor, setEditor] = useState<{ id: string | null; test?: boolean } | null>(null);
  const [logOf, setLogOf] = useState<InterfaceRow | null>(null);

  const list = useQuery({
    queryKey: [...KEY, query],
    queryFn: async () => (await dataInterfaceApi.list(query)).data,
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  const state = useRowState(look, (row: InterfaceRow, enabledMark) => dataInterfaceApi.setState(row.id, enabledMark), refresh);
  const exportTexts = { label: t('export'), done: t('exported') };
  const remove = useDeleteRow(look, (row: InterfaceRow) => dataInterfaceApi.remove(row.id), refresh);

  const columns: ColumnsType<InterfaceRow> = [
    {
      title: t('di.name'),
      dataIndex: 'fullName',
      width: 170,
      ellipsis: true,
      sorter: (a, b) => a.fullName.localeCompare(b.fullName, 'zh'),
    },
    { title: t('di.code'), dataIndex: 'enCode', width: 150, ellipsis: true, sorter: (a, b) => a.enCode.localeCompare(b.enCode) },
    { title: t('category'), dataIndex: 'categoryId', width: 100, render: (v: string) => dictionaryLabel(categories, v) },
    {
      title: t('di.kind'),
      dataIndex: 'dataType',
      width: 120,
      render: (v: number, r) => (
        <Space size={4}>
          <Tag color={KIND_COLORS[v]}>{t(`di.kind.${v}`)}</Tag>
          {v === 3 && <Tag>{r.requestMethod}</Tag>}
        </Space>
      ),
    },
    {
      title: t('createdAt'),
      dataIndex: 'createdAt',
      width: 150,
      sorter: (a, b) => a.createdAt - b.createdAt,
      render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    stateColumn(t('status'), state),
    actionsColumn<InterfaceRow>(look, t('actions'), 180, (row) => ({
      actions: [
        { key: 'edit', onClick: () => setEditor({ id: row.id }) },
        { key: 'test', label: t('di.test'), testId: 'ma-di-test-row', onClick: () => setEditor({ id: row.id, test: true }) },
      ],
      more: [
        { key: 'log', label: t('di.callLog'), onClick: () => setLogOf(row) },
        exportAction(exportTexts, dataInterfaceApi.exportUrl(row.id), row),
        { key: 'delete', onClick: () => remove(row) },
      ],
    })),
  ];

  return (
    <ListPage<InterfaceRow>
      look={look}
      testId="ma-di-page"
      side={
        <SideTree
          title={t('di.categories')}
          nodes={categories.items}
          loading={categories.isLoading}
          allLabel={t('allCategories')}
          selectedId={query.categoryId ?? ''}
          onSelect={(id) => filter({ categoryId: id || undefined })}
        />
      }
      search={{
        onSearch: search,
        onReset: () => search('', { dataType: undefined }),
        filters: (
          <Select
            allowClear
            placeholder={t('di.kind')}
            style={{ width: 130 }}
            value={query.dataType}
            onChange={(v) => filter({ dataType: v })}
            options={[1, 2, 3].map((k) => ({ value: k, label: t(`di.kind.${k}`) }))}
          />
        ),
      }}
      toolbar={
        <>
          <Auth code={BUTTON_CODES.add}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ id: null })} data-testid="ma-di-add">
              {t('add')}
            </Button>
          </Auth>
          <Auth code={BUTTON_CODES.add}>
            <Upload
              accept=".json,application/json"
              showUploadList={false}
              beforeUpload={(file) => {
                const refusal = checkAccept(file, '.json,application/json') ?? checkSize(file.size, 1, 'MB');
                if (refusal) toast.error(tu(refusal.key, refusal.values));
                else
                  void dataInterfaceApi.import(file).then((res) => {
                    toast.success(res.data.created ? t('created') : t('updated'));
                    void refresh();
                  });
                return false;
              }}
            >
              <Button icon={<ImportOutlined />}>{t('import')}</Button>
            </Upload>
          </Auth>
        </>
      }
      onRefresh={() => void list.refetch()}
      table={{
        loading: list.isFetching,
        dataSource: list.data?.list ?? [],
        columns,
        scroll: { x: 1060 },
        expandable: {
          expandedRowRender: (r) => (
            <div className="ma-sys-hint">
              {r.dataType === 3 && (
                <div>
                  <Tag>{r.requestMethod}</Tag>
                  <span className="ma-sys-code">{r.path}</span>
                </div>
              )}
              {r.description || t('di.noDescription')}
            </div>
          ),
        },
      }}
      paging={paging(list.data?.pagination.total ?? 0)}
    >
      {editor && (
        <InterfaceEditor
          id={editor.id}
          startOnTest={editor.test}
          categoryId={query.categoryId}
          onClose={() => setEditor(null)}
          onSaved={() => void refresh()}
        />
      )}
      {logOf && <CallLogDrawer row={logOf} onClose={() => setLogOf(null)} />}
    </ListPage>
  );
}
