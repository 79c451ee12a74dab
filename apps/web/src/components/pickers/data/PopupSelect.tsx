import { useEffect, useMemo, useState } from 'react';
import { Button, Drawer, Input, Modal, Radio, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@medalliance/contract';
import { dataInterfaceApi, type InterfaceRecord } from '../../../api/system.ts';
import { columnsFor, DEFAULT_PICKER_PAGE_SIZE, listBody, paramList, type ColumnOption, type TemplateParam } from './interfaceCall.ts';
import { NS } from './messages.ts';
import { PickerInput } from './PickerInput.tsx';
import { setRelationRecord } from './relationData.ts';
import { hasChoice, labelOf, rowKey } from './selection.ts';

export interface PopupSelectProps {
  value?: string | number | null;
  onChange?: (value: string, record: InterfaceRecord | null) => void;
  interfaceId: string;
  /** Value field of a row (default 'id'). */
  propsValue?: string;
  /** Label field of a row (default 'fullName'). */
  relationField?: string;
  columnOptions?: ColumnOption[];
  templateJson?: TemplateParam[];
  formData?: Record<string, unknown>;
  /** Page the list (server paging); without it the dialog asks for 10000 rows. */
  hasPage?: boolean;
  pageSize?: number;
  popupType?: 'dialog' | 'drawer';
  popupTitle?: string;
  popupWidth?: number | string;
  /** The list loads only once a keyword is typed (unless hasPage is set). */
  keywordOnly?: boolean;
  /** 1: show the red 'enter query conditions then query data' tag. */
  errorFlag?: 0 | 1;
  /** Field name in the shared relation-data map (for PopupAttr). */
  field?: string;
  disabled?: boolean;
  clearable?: boolean;
  placeholder?: string;
  id?: string;
}

const DEFAULT_WIDTH = 800;

/**
 * The select-data dialog of a form field (spec §2.5, §2.6, §4): keyword with
 * search, reset and a refresh link; a table with a radio, an index and the
 * configured columns; optional paging; confirm only with a choice. Opening
 * copies the value into the choice and reloads the list. A stored value's
 * label comes from the interface's Info call.
 */
export function PopupSelect(props: PopupSelectProps) {
  const {
    value,
    onChange,
    interfaceId,
    propsValue = 'id',
    relationField = 'fullName',
    templateJson,
    formData,
    field,
    disabled,
    clearable = true,
    placeholder,
    id,
  } = props;
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<InterfaceRecord | null>(null);
  const key = value === null || value === undefined ? '' : String(value);

  // The label of a stored value: the record chosen here, else the Info call.
  const info = useQuery({
    queryKey: ['pickers', 'interfaceInfo', interfaceId, propsValue, key, JSON.stringify(templateJson ?? [])],
    queryFn: async () =>
      (
        await dataInterfaceApi.info(
          interfaceId,
          { id: key, propsValue, relationField, paramList: paramList(templateJson, formData) },
          { silent: true },
        )
      ).data,
    enabled: !!interfaceId && !!key && rowKey(chosen, propsValue) !== key,
    staleTime: 60_000,
  });
  const record = chosen && rowKey(chosen, propsValue) === key ? chosen : (info.data ?? null);
  const text = key ? labelOf(record ?? undefined, relationField, propsValue) || (info.isLoading ? '' : key) : '';

  useEffect(() => {
    if (!key) setRelationRecord(field, null);
    else if (record) setRelationRecord(field, record);
  }, [key, record, field]);

  const emit = (row: InterfaceRecord | null) => {
    setChosen(row);
    setRelationRecord(field, row);
    onChange?.(row ? rowKey(row, propsValue) : '', row);
  };

  return (
    <>
      <PickerInput id={id} text={text} placeholder={placeholder} disabled={disabled} clearable={clearable} onOpen={() => setOpen(true)} onClear={() => emit(null)} testId="ma-popup-select" />
      {open && <PopupSelectPanel {...props} current={key} onCancel={() => setOpen(false)} onConfirm={(row) => (emit(row), setOpen(false))} />}
    </>
  );
}

interface PanelProps extends PopupSelectProps {
  current: string;
  onCancel: () => void;
  onConfirm: (row: InterfaceRecord) => void;
}

function PopupSelectPanel({
  current,
  onCancel,
  onConfirm,
  interfaceId,
  propsValue = 'id',
  relationField = 'fullName',
  columnOptions,
  templateJson,
  formData,
  hasPage,
  pageSize = DEFAULT_PICKER_PAGE_SIZE,
  popupType = 'dialog',
  popupTitle,
  popupWidth = DEFAULT_WIDTH,
  keywordOnly,
  errorFlag,
}: PanelProps) {
  const { t } = useTranslation(NS);
  // Opening copies the value into the choice.
  const [checked, setChecked] = useState(current);
  const [checkedRow, setCheckedRow] = useState<InterfaceRecord | null>(null);
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState({ keyword: '', currentPage: 1, pageSize });
  const waiting = !!keywordOnly && !hasPage && !query.keyword;

  const list = useQuery({
    queryKey: ['pickers', 'popupList', interfaceId, query, propsValue, relationField, JSON.stringify(templateJson ?? []), JSON.stringify(formData ?? {})],
    queryFn: async () =>
      (
        await dataInterfaceApi.call(
          interfaceId,
          listBody({ interfaceId, ...query, hasPage, propsValue, relationField, columnOptions, templateJson, formData }),
          { silent: true },
        )
      ).data,
    enabled: !!interfaceId && !waiting,
    staleTime: 0,
    gcTime: 0,
  });
  const rows = useMemo(() => (waiting ? [] : (list.data?.list ?? [])), [list.data, waiting]);
  const cols = columnsFor(columnOptions, rows, relationField);

  const pick = (row: InterfaceRecord) => {
    setChecked(rowKey(row, propsValue));
    setCheckedRow(row);
  };
  const confirm = () => {
    if (!hasChoice(checked)) return;
    const row = checkedRow ?? rows.find((r) => rowKey(r, propsValue) === checked);
    if (row) onConfirm(row);
    else onCancel();
  };
  const offset = hasPage ? (query.currentPage - 1) * query.pageSize : 0;

  const columns: ColumnsType<InterfaceRecord> = [
    {
      key: '__radio',
      width: 48,
      align: 'center',
      render: (_: unknown, row) => <Radio checked={rowKey(row, propsValue) === checked} aria-label={labelOf(row, relationField, propsValue)} onChange={() => pick(row)} />,
    },
    { key: '__index', title: t('picker.index'), width: 64, align: 'center', render: (_: unknown, __: InterfaceRecord, i: number) => offset + i + 1 },
    ...cols.map((c) => ({ key: c.value, dataIndex: c.value, title: c.label, ellipsis: true, render: (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)) })),
  ];

  const body = (
    <div className="ma-popup-select" data-testid="ma-popup-select-panel">
      <div className="ma-picker-toolbar">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('picker.keyword')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={() => setQuery((q) => ({ ...q, currentPage: 1, keyword: keyword.trim() }))}
          autoFocus
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
        <span className="ma-picker-spacer" />
        {(errorFlag === 1 || waiting) && <Tag color="red">{waiting && errorFlag !== 1 ? t('picker.typeToSearch') : t('picker.queryFirst')}</Tag>}
        <Button type="link" icon={<ReloadOutlined />} onClick={() => void list.refetch()} disabled={waiting}>
          {t('picker.refresh')}
        </Button>
      </div>
      <Table<InterfaceRecord>
        className="ma-picker-table"
        size="small"
        rowKey={(r) => rowKey(r, propsValue) || JSON.stringify(r)}
        loading={list.isFetching}
        dataSource={rows}
        columns={columns}
        scroll={{ y: 360 }}
        locale={{ emptyText: waiting ? t('picker.typeToSearch') : t('picker.noData') }}
        onRow={(row) => ({ onClick: () => pick(row), onDoubleClick: () => onConfirm(row) })}
        pagination={
          hasPage
            ? {
                current: query.currentPage,
                pageSize: query.pageSize,
                total: list.data?.pagination.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: PAGE_SIZES.map(String),
                showTotal: (total) => t('picker.total', { total }),
                onChange: (currentPage, size) => setQuery((q) => ({ ...q, currentPage, pageSize: size })),
                size: 'small',
              }
            : false
        }
      />
    </div>
  );
  const footer = (
    <>
      <Button onClick={onCancel}>{t('picker.cancel')}</Button>
      <Button type="primary" disabled={!hasChoice(checked)} onClick={confirm} data-testid="ma-popup-confirm" style={{ marginLeft: 8 }}>
        {t('picker.confirm')}
      </Button>
    </>
  );
  const title = popupTitle || t('picker.chooseData');
  if (popupType === 'drawer') {
    return (
      <Drawer open title={title} size={typeof popupWidth === 'number' ? popupWidth : DEFAULT_WIDTH} onClose={onCancel} footer={<div style={{ textAlign: 'right' }}>{footer}</div>} destroyOnHidden>
        {body}
      </Drawer>
    );
  }
  return (
    <Modal open title={title} width={popupWidth} onCancel={onCancel} footer={footer} destroyOnHidden mask={{ closable: false }}>
      {body}
    </Modal>
  );
}
