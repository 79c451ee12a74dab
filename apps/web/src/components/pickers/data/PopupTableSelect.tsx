import { useEffect, useMemo, useState } from 'react';
import { Button, Input, Popover, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CloseCircleFilled, DownOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dataInterfaceApi, type InterfaceRecord } from '../../../api/system.ts';
import { columnsFor, DEFAULT_PICKER_PAGE_SIZE, listBody, paramList, type ColumnOption, type TemplateParam } from './interfaceCall.ts';
import { NS } from './messages.ts';
import { setRelationRecord } from './relationData.ts';
import { confirmValue, labelOf, normalizeValue, removeKey, rowKey, toggleKey } from './selection.ts';
import './pickers.css';

export interface PopupTableSelectProps {
  value?: string | string[] | null;
  onChange?: (value: string | string[], records: InterfaceRecord[]) => void;
  interfaceId: string;
  propsValue?: string;
  relationField?: string;
  columnOptions?: ColumnOption[];
  templateJson?: TemplateParam[];
  formData?: Record<string, unknown>;
  multiple?: boolean;
  /** A keyword box above the table. */
  filterable?: boolean;
  hasPage?: boolean;
  pageSize?: number;
  /** Show only the first tag and a '+n' tag. */
  collapseTags?: boolean;
  field?: string;
  disabled?: boolean;
  clearable?: boolean;
  placeholder?: string;
  id?: string;
}

const TABLE_HEIGHT = 300;

/**
 * The table popover picker (spec §2.6, §4): a 700 px popover with a 300 px
 * table, radio (single) or checkbox (multiple) rows, optional keyword filter
 * and paging with few pager items; the field shows tags, optionally collapsed.
 */
export function PopupTableSelect({
  value,
  onChange,
  interfaceId,
  propsValue = 'id',
  relationField = 'fullName',
  columnOptions,
  templateJson,
  formData,
  multiple = false,
  filterable = true,
  hasPage = true,
  pageSize = DEFAULT_PICKER_PAGE_SIZE,
  collapseTags = false,
  field,
  disabled,
  clearable = true,
  placeholder,
  id,
}: PopupTableSelectProps) {
  const { t } = useTranslation(NS);
  const normalized = useMemo(() => normalizeValue(value, multiple), [value, multiple]);
  const keys = normalized.keys;
  const [open, setOpen] = useState(false);
  const [hover, setHover] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [known, setKnown] = useState<Map<string, InterfaceRecord>>(new Map());
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState({ keyword: '', currentPage: 1, pageSize });

  // Spec §4: a non-array value in multiple mode is reset to an empty list, with a warning.
  useEffect(() => {
    if (normalized.reset) {
      console.warn(`[PopupTableSelect] ${t('picker.notArray')}`, value);
      onChange?.([], []);
    }
  }, [normalized.reset, value, onChange, t]);

  const missing = keys.filter((k) => !known.has(k));
  const labels = useQuery({
    queryKey: ['pickers', 'interfaceInfoByIds', interfaceId, propsValue, missing.join('\u0001')],
    queryFn: async () =>
      (
        await dataInterfaceApi.infoByIds(
          interfaceId,
          { ids: missing, propsValue, relationField, paramList: paramList(templateJson, formData) },
          { silent: true },
        )
      ).data,
    enabled: !!interfaceId && missing.length > 0,
    staleTime: 60_000,
  });
  useEffect(() => {
    if (!labels.data?.length) return;
    setKnown((prev) => {
      const next = new Map(prev);
      for (const r of labels.data) next.set(rowKey(r, propsValue), r);
      return next;
    });
  }, [labels.data, propsValue]);

  const list = useQuery({
    queryKey: ['pickers', 'popoverList', interfaceId, query, propsValue, relationField, JSON.stringify(templateJson ?? []), JSON.stringify(formData ?? {})],
    queryFn: async () =>
      (
        await dataInterfaceApi.call(
          interfaceId,
          listBody({ interfaceId, ...query, hasPage, propsValue, relationField, columnOptions, templateJson, formData }),
          { silent: true },
        )
      ).data,
    enabled: open && !!interfaceId,
  });
  const rows = list.data?.list ?? [];
  const cols = columnsFor(columnOptions, rows, relationField);

  const remember = (row: InterfaceRecord) => setKnown((prev) => new Map(prev).set(rowKey(row, propsValue), row));
  const emit = (next: string[]) => {
    const records = next.map((k) => known.get(k) ?? rows.find((r) => rowKey(r, propsValue) === k)).filter((r): r is InterfaceRecord => !!r);
    setRelationRecord(field, multiple ? null : (records[0] ?? null));
    onChange?.(confirmValue(next, multiple), records);
  };

  const openPopover = (next: boolean) => {
    if (disabled) return;
    if (next) setSelected(keys); // opening copies the value
    setOpen(next);
  };
  const clickRow = (row: InterfaceRecord) => {
    remember(row);
    const k = rowKey(row, propsValue);
    if (!multiple) {
      emit([k]);
      setOpen(false);
      return;
    }
    setSelected((s) => toggleKey(s, k, true));
  };

  const columns: ColumnsType<InterfaceRecord> = cols.map((c) => ({
    key: c.value,
    dataIndex: c.value,
    title: c.label,
    ellipsis: true,
    render: (v: unknown) => (v === null || v === undefined ? '' : String(v)),
  }));

  const content = (
    <div className="ma-popover-select" data-testid="ma-popover-select-panel">
      {filterable && (
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
        </div>
      )}
      <Table<InterfaceRecord>
        size="small"
        rowKey={(r) => rowKey(r, propsValue) || JSON.stringify(r)}
        loading={list.isFetching}
        dataSource={rows}
        columns={columns}
        scroll={{ y: TABLE_HEIGHT }}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          selectedRowKeys: multiple ? selected : keys,
          onSelect: (row) => clickRow(row),
          hideSelectAll: true,
        }}
        onRow={(row) => ({
          onClick: (e) => {
            // The radio or checkbox itself already reported the click.
            if ((e.target as HTMLElement).closest('.ant-table-selection-column')) return;
            clickRow(row);
          },
        })}
        locale={{ emptyText: t('picker.noData') }}
        pagination={
          hasPage
            ? {
                current: query.currentPage,
                pageSize: query.pageSize,
                total: list.data?.pagination.total ?? 0,
                showLessItems: true,
                size: 'small',
                showSizeChanger: false,
                showTotal: (total) => t('picker.total', { total }),
                onChange: (currentPage) => setQuery((q) => ({ ...q, currentPage })),
              }
            : false
        }
      />
      <div className="ma-popover-select-foot">
        <span className="ma-picker-hint">{multiple ? `${t('picker.selected')}: ${selected.length}` : ''}</span>
        <span>
          <Button size="small" onClick={() => (emit([]), setOpen(false))}>
            {t('picker.clear')}
          </Button>
          {multiple && (
            <Button size="small" type="primary" style={{ marginLeft: 8 }} onClick={() => (emit(selected), setOpen(false))} data-testid="ma-popover-confirm">
              {t('picker.confirm')}
            </Button>
          )}
        </span>
      </div>
    </div>
  );

  const tagOf = (k: string) => (
    <Tag
      key={k}
      closable={!disabled}
      onClose={(e) => {
        e.preventDefault();
        e.stopPropagation();
        emit(removeKey(keys, k));
      }}
    >
      {labelOf(known.get(k), relationField, propsValue) || k}
    </Tag>
  );
  const shownKeys = collapseTags ? keys.slice(0, 1) : keys;
  const hidden = keys.length - shownKeys.length;

  return (
    <Popover open={open} onOpenChange={openPopover} trigger="click" placement="bottomLeft" content={content} arrow={false} destroyOnHidden>
      <div
        id={id}
        role="combobox"
        aria-expanded={open}
        tabIndex={disabled ? -1 : 0}
        className={`ma-popover-trigger${disabled ? ' is-disabled' : ''}`}
        onMouseEnter={() => setHover(true)}
        onMouseLeave={() => setHover(false)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === 'ArrowDown') openPopover(true);
          if (e.key === 'Escape') setOpen(false);
        }}
        data-testid="ma-popover-select"
      >
        {!keys.length && <span className="ma-popover-trigger-placeholder">{placeholder ?? t('picker.choose')}</span>}
        {multiple ? (
          <>
            {shownKeys.map(tagOf)}
            {hidden > 0 && (
              <Tooltip title={keys.slice(1).map((k) => labelOf(known.get(k), relationField, propsValue) || k).join('、')}>
                <Tag>{t('picker.more', { count: hidden })}</Tag>
              </Tooltip>
            )}
          </>
        ) : (
          keys[0] && <span style={{ padding: '0 3px' }}>{labelOf(known.get(keys[0]), relationField, propsValue) || (labels.isLoading ? '' : keys[0])}</span>
        )}
        <span className="ma-popover-trigger-icon">
          {hover && clearable && !disabled && keys.length ? (
            <CloseCircleFilled
              className="ma-picker-clear"
              aria-label={t('picker.clear')}
              onClick={(e) => {
                e.stopPropagation();
                emit([]);
              }}
            />
          ) : (
            <DownOutlined className="ma-picker-arrow" />
          )}
        </span>
      </div>
    </Popover>
  );
}
