import { useMemo, useState } from 'react';
import { Empty, Input, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DictionaryDataNode } from '@medalliance/contract';
import { useView } from '../../../app/shell/ViewContext.ts';
import { useDictionary } from '../../../lookups/dictionaries.ts';
import { filterTree, parentIds } from '../../../lookups/tree.ts';
import { NS } from '../messages.ts';
import './messages.ts';
import '../common/system.css';

/**
 * A dictionary menu page (spec §2.3 menu type 4): the dictionary named by
 * the menu's propertyJson.moduleId, read-only, from the cached lookups.
 */
export default function DictionaryViewPage() {
  const { t } = useTranslation(NS);
  const typeId = useView()?.meta.relationId;
  const lookup = useDictionary(typeId);
  const [keyword, setKeyword] = useState('');
  const kw = keyword.trim().toLowerCase();
  const rows = useMemo(
    () =>
      kw ? filterTree(lookup.items, (d) => d.fullName.toLowerCase().includes(kw) || d.enCode.toLowerCase().includes(kw)) : lookup.items,
    [lookup.items, kw],
  );
  const isTree = lookup.entry?.isTree === 1;

  return (
    <div className="ma-page ma-sys-page" data-testid="ma-dict-view">
      <section className="ma-sys-main">
        <div className="ma-sys-main-head">
          <div className="ma-sys-main-title">
            {lookup.entry?.fullName ?? t('dict.items')}
            {lookup.entry && <Tag>{lookup.entry.enCode}</Tag>}
            {lookup.entry && <Tag color={isTree ? 'purple' : 'default'}>{isTree ? t('dict.tree') : t('dict.flat')}</Tag>}
          </div>
          <Input.Search
            allowClear
            placeholder={t('keyword')}
            style={{ width: 260 }}
            onSearch={setKeyword}
            onChange={(e) => !e.target.value && setKeyword('')}
          />
        </div>
        <div className="ma-sys-main-body">
          {!lookup.isLoading && !lookup.entry ? (
            <Empty description={t('dict.notFound', { id: typeId ?? '' })} />
          ) : (
            <Table<DictionaryDataNode>
              rowKey="id"
              size="middle"
              loading={lookup.isLoading}
              dataSource={rows}
              pagination={isTree ? false : { pageSize: 50, hideOnSinglePage: true, showTotal: (total) => t('total', { total }) }}
              expandable={isTree ? { defaultExpandedRowKeys: parentIds(rows) } : { childrenColumnName: '__none' }}
              columns={[
                {
                  title: t('dict.itemName'),
                  dataIndex: 'fullName',
                  sorter: isTree ? undefined : (a, b) => a.fullName.localeCompare(b.fullName, 'zh'),
                },
                {
                  title: t('dict.itemCode'),
                  dataIndex: 'enCode',
                  width: 200,
                  sorter: isTree ? undefined : (a, b) => a.enCode.localeCompare(b.enCode, 'en', { numeric: true }),
                },
                { title: t('dict.simpleSpelling'), dataIndex: 'simpleSpelling', width: 160, render: (v: string | null) => v || '' },
                {
                  title: t('dict.isDefault'),
                  dataIndex: 'isDefault',
                  width: 100,
                  render: (v: number) => (v === 1 ? <Tag color="blue">{t('yes')}</Tag> : ''),
                },
              ]}
            />
          )}
        </div>
      </section>
    </div>
  );
}
