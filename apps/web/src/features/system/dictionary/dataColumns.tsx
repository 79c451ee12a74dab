import type { ReactNode } from 'react';
import { Button, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { DictionaryData } from '../../../api/system.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import { StateCell } from '../common/StateCell.tsx';

/** What a table of dictionary items does with a row; the buttons show under the screen's grants. */
export interface DataColumnOptions {
  t: TFunction;
  isTree: boolean;
  /** Column sorters on a flat list (the Dictionaries screen; a dictionary page sorts by dragging instead). */
  sorters: boolean;
  /** The row whose enable / disable is being saved. */
  savingStateOf?: string;
  onState: (row: DictionaryData, enabledMark: 0 | 1) => void;
  onAddChild: (row: DictionaryData) => void;
  onEdit: (row: DictionaryData) => void;
  onRemove: (row: DictionaryData) => void;
  /** Leading columns (a drag handle). */
  lead?: ColumnsType<DictionaryData>;
  /** No actions column at all (a caller without any of the buttons). */
  noActions?: boolean;
}

/** The item columns both dictionary screens show: name, code, spelling, default, order, status and the row's actions. */
export function dataColumns(o: DataColumnOptions): ColumnsType<DictionaryData> {
  const { t, isTree } = o;
  const sortable = o.sorters && !isTree;
  const link = (code: string, label: ReactNode, onClick: () => void, danger = false) => (
    <Auth code={code}>
      <Button type="link" size="small" danger={danger} onClick={onClick}>
        {label}
      </Button>
    </Auth>
  );
  return [
    ...(o.lead ?? []),
    {
      title: t('dict.itemName'),
      dataIndex: 'fullName',
      ellipsis: true,
      sorter: sortable ? (a, b) => a.fullName.localeCompare(b.fullName, 'zh') : undefined,
    },
    {
      title: t('dict.itemCode'),
      dataIndex: 'enCode',
      width: 160,
      sorter: sortable ? (a, b) => a.enCode.localeCompare(b.enCode, 'en', { numeric: true }) : undefined,
    },
    { title: t('dict.simpleSpelling'), dataIndex: 'simpleSpelling', width: 120, render: (v: string | null) => v || '' },
    {
      title: t('dict.isDefault'),
      dataIndex: 'isDefault',
      width: 90,
      align: 'center',
      render: (v: number) => (v === 1 ? <Tag color="blue">{t('yes')}</Tag> : ''),
    },
    {
      title: t('sortCode'),
      dataIndex: 'sortCode',
      width: 80,
      align: 'center',
      sorter: sortable ? (a, b) => a.sortCode - b.sortCode : undefined,
    },
    {
      title: t('status'),
      dataIndex: 'enabledMark',
      width: 100,
      align: 'center',
      render: (v: number, row) => (
        <StateCell value={v} loading={o.savingStateOf === row.id} onChange={(enabledMark) => o.onState(row, enabledMark)} />
      ),
    },
    ...(o.noActions
      ? []
      : [
          {
            title: t('actions'),
            key: 'actions',
            width: isTree ? 210 : 140,
            fixed: 'right' as const,
            render: (_: unknown, row: DictionaryData) => (
              <Space size={0}>
                {isTree && link(BUTTON_CODES.add, t('dict.addChild'), () => o.onAddChild(row))}
                {link(BUTTON_CODES.edit, t('edit'), () => o.onEdit(row))}
                {link(BUTTON_CODES.remove, t('delete'), () => o.onRemove(row), true)}
              </Space>
            ),
          },
        ]),
  ];
}
