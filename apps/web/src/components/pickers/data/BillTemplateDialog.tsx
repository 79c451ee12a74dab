import { useState } from 'react';
import { Button, Empty, Input, Modal, Radio, Spin, Table, Tree } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@medalliance/contract';
import { billRuleApi, type BillRuleRow } from '../../../api/system.ts';
import { useDictionary } from '../../../lookups/dictionaries.ts';
import { mapTree } from '../../../lookups/tree.ts';
import { instantTree } from '../../tree/instantTree.ts';
import { NS } from './messages.ts';
import { PickerInput } from './PickerInput.tsx';

/** The dictionary whose items are the business categories (spec §7.8 "dictionary data with sort 'businessType'"). */
export const BUSINESS_CATEGORY_DICTIONARY = 'businessType';
const WIDTH = 1000;
const ALL = '';

export interface BillTemplateDialogProps {
  open: boolean;
  /** The enCode of the current rule, if any. */
  value?: string | null;
  onCancel: () => void;
  onConfirm: (rule: BillRuleRow) => void;
}

/**
 * The business-number template dialog (spec §2.6, 1000 px, 'template'): the
 * business-category tree on the left; on the right a search box, a table of
 * enabled rules (fullName, enCode, startNumber) and paging (spec §7.8:
 * keyword, currentPage, pageSize, sort 'desc', sidx, categoryId).
 */
export function BillTemplateDialog({ open, value, onCancel, onConfirm }: BillTemplateDialogProps) {
  const { t } = useTranslation(NS);
  const categories = useDictionary(BUSINESS_CATEGORY_DICTIONARY);
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState({ keyword: '', currentPage: 1, pageSize: DEFAULT_PAGE_SIZE, sort: 'desc' as const, sidx: '', categoryId: ALL });
  const [checked, setChecked] = useState<BillRuleRow | null>(null);
  const list = useQuery({
    queryKey: ['pickers', 'billTemplates', query],
    queryFn: async () => (await billRuleApi.selector({ ...query, categoryId: query.categoryId || undefined })).data,
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const checkedCode = checked?.enCode ?? value ?? '';
  const treeData = [{ key: ALL, title: t('picker.allCategories'), children: mapTree(categories.items, (d) => ({ key: d.id, title: d.fullName })) }];

  return (
    <Modal
      open={open}
      title={t('picker.template')}
      width={WIDTH}
      onCancel={onCancel}
      destroyOnHidden
      mask={{ closable: false }}
      className="ma-bill-template-dialog"
      footer={
        <>
          <Button onClick={onCancel}>{t('picker.cancel')}</Button>
          <Button type="primary" disabled={!checked} onClick={() => checked && onConfirm(checked)} data-testid="ma-bill-template-confirm">
            {t('picker.confirm')}
          </Button>
        </>
      }
    >
      <div className="ma-picker-split">
        <div className="ma-picker-split-side">
          <div className="ma-picker-hint" style={{ padding: '0 4px 8px' }}>
            {t('picker.businessCategory')}
          </div>
          {categories.isLoading ? (
            <Spin />
          ) : (
            <Tree
              blockNode
              {...instantTree}
              defaultExpandAll
              treeData={treeData}
              selectedKeys={[query.categoryId]}
              onSelect={(keys) => keys.length && setQuery((q) => ({ ...q, currentPage: 1, categoryId: String(keys[0]) }))}
            />
          )}
        </div>
        <div className="ma-picker-split-main">
          <div className="ma-picker-toolbar">
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder={t('picker.keyword')}
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onPressEnter={() => setQuery((q) => ({ ...q, currentPage: 1, keyword: keyword.trim() }))}
            />
            <Button type="primary" onClick={() => setQuery((q) => ({ ...q, currentPage: 1, keyword: keyword.trim() }))}>
              {t('picker.search')}
            </Button>
            <Button
              onClick={() => {
                setKeyword('');
                setQuery((q) => ({ ...q, currentPage: 1, keyword: '' }));
              }}
            >
              {t('picker.reset')}
            </Button>
          </div>
          <Table<BillRuleRow>
            className="ma-picker-table"
            size="small"
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data?.list ?? []}
            scroll={{ y: 340 }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('picker.noData')} /> }}
            onRow={(row) => ({ onClick: () => setChecked(row), onDoubleClick: () => onConfirm(row) })}
            columns={[
              { key: 'radio', width: 48, align: 'center', render: (_: unknown, row) => <Radio checked={row.enCode === checkedCode} onChange={() => setChecked(row)} /> },
              { title: t('picker.tplName'), dataIndex: 'fullName', ellipsis: true },
              { title: t('picker.tplCode'), dataIndex: 'enCode', width: 170 },
              { title: t('picker.tplStart'), dataIndex: 'startNumber', width: 110, align: 'right' },
              { title: t('picker.tplExample'), dataIndex: 'example', width: 200 },
            ]}
            pagination={{
              current: query.currentPage,
              pageSize: query.pageSize,
              total: list.data?.pagination.total ?? 0,
              showSizeChanger: true,
              showQuickJumper: true,
              pageSizeOptions: PAGE_SIZES.map(String),
              showTotal: (total) => t('picker.total', { total }),
              onChange: (currentPage, pageSize) => setQuery((q) => ({ ...q, currentPage, pageSize })),
              size: 'small',
            }}
          />
        </div>
      </div>
    </Modal>
  );
}

export interface BillTemplateSelectProps {
  /** The rule's enCode. */
  value?: string | null;
  onChange?: (value: string, rule: BillRuleRow | null) => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
}

/** A form field holding a bill-number rule (its enCode), chosen in the template dialog. */
export function BillTemplateSelect({ value, onChange, disabled, placeholder, id }: BillTemplateSelectProps) {
  const [open, setOpen] = useState(false);
  const [rule, setRule] = useState<BillRuleRow | null>(null);
  const label = useQuery({
    queryKey: ['pickers', 'billTemplate', value],
    queryFn: async () => (await billRuleApi.selector({ keyword: value ?? '', pageSize: 20 })).data.list.find((r) => r.enCode === value) ?? null,
    enabled: !!value && rule?.enCode !== value,
    staleTime: 60_000,
  });
  const current = rule?.enCode === value ? rule : (label.data ?? null);
  const text = value ? (current ? `${current.fullName}（${current.enCode}）` : value) : '';
  return (
    <>
      <PickerInput
        id={id}
        text={text}
        disabled={disabled}
        placeholder={placeholder}
        onOpen={() => setOpen(true)}
        onClear={() => {
          setRule(null);
          onChange?.('', null);
        }}
      />
      {open && (
        <BillTemplateDialog
          open
          value={value}
          onCancel={() => setOpen(false)}
          onConfirm={(r) => {
            setRule(r);
            onChange?.(r.enCode, r);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
