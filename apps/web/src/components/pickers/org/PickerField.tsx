import { useCallback, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Select, type RefSelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PickerDialog, type PickerTab } from './PickerDialog.tsx';
import { fromIds, toIds, type PickNode, type PickRules } from './selection.ts';
import type { TreeSource } from './sources.ts';
import { NS } from './messages.ts';
import './pickers.css';

/** What every organisation picker takes: a controlled form field (antd Form passes value, onChange, id, status). */
export interface OrgPickerProps {
  value?: string | string[] | null;
  onChange?: (value: string | string[], items: PickNode[]) => void;
  /** Several choices (an array of ids) instead of one id. */
  multiple?: boolean;
  disabled?: boolean;
  /** The clear icon on hover; on by default. */
  allowClear?: boolean;
  placeholder?: string;
  /** Dialog title; each picker has its default. */
  title?: string;
  /** Dialog width; 800 px by default. */
  width?: number;
  id?: string;
  status?: '' | 'error' | 'warning';
  size?: 'small' | 'middle' | 'large';
  style?: CSSProperties;
  className?: string;
  'aria-label'?: string;
}

interface BaseProps extends OrgPickerProps {
  source: TreeSource;
  /** Pickable node types. */
  types: readonly string[];
  defaultTitle: string;
  tabs?: PickerTab[];
  onEmptyConfirm?: () => void;
  /** Label cache key: pickers of one kind share resolved names. */
  kind: string;
}

/**
 * The closed field of a picker: shows the chosen names (resolved from the
 * server when only ids are known), a clear icon on hover, tags in multiple
 * mode; a click, Enter or Space opens the two-pane dialog.
 */
export function PickerField({
  value,
  onChange,
  multiple = false,
  disabled,
  allowClear = true,
  placeholder,
  title,
  width,
  id,
  status,
  size,
  style,
  className,
  source,
  types,
  defaultTitle,
  tabs,
  onEmptyConfirm,
  kind,
  ...rest
}: BaseProps) {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  const field = useRef<RefSelectProps>(null);
  // Back to the field when the dialog closes (keyboard users go on from where they were), unless
  // the focus has already moved on to another control meanwhile.
  const close = useCallback(() => {
    setOpen(false);
    setTimeout(() => {
      const at = document.activeElement;
      if (!at || at === document.body || !at.isConnected || at.closest('.ma-picker-dialog')) field.current?.focus();
    }, 0);
  }, []);
  const [known, setKnown] = useState<Map<string, PickNode>>(() => new Map());
  const ids = useMemo(() => toIds(value, multiple), [value, multiple]);
  const missing = useMemo(() => ids.filter((i) => !known.has(i)), [ids, known]);

  // Labels by id (spec §4): fetched once for ids the field has not seen picked.
  const labels = useQuery({
    queryKey: ['orgPicker', kind, 'labels', missing.join(',')],
    queryFn: () => source.resolve(missing),
    enabled: missing.length > 0,
    staleTime: 60_000,
  });
  const nodeOf = useCallback((i: string) => known.get(i) ?? labels.data?.find((n) => n.id === i), [known, labels.data]);
  const current = useMemo(() => ids.map((i) => nodeOf(i) ?? { id: i, fullName: i }), [ids, nodeOf]);

  const emit = (next: PickNode[]) => {
    setKnown((k) => {
      const m = new Map(k);
      for (const n of next) m.set(n.id, n);
      return m;
    });
    onChange?.(
      fromIds(
        next.map((n) => n.id),
        multiple,
      ),
      next,
    );
  };

  const onConfirm = useCallback(
    (items: PickNode[]) => {
      close();
      setKnown((k) => {
        const m = new Map(k);
        for (const n of items) m.set(n.id, n);
        return m;
      });
      onChange?.(
        fromIds(
          items.map((n) => n.id),
          multiple,
        ),
        items,
      );
    },
    [onChange, multiple, close],
  );
  const rules: PickRules = useMemo(() => ({ multiple, types }), [multiple, types]);

  const options = current.map((n) => {
    const resolved = nodeOf(n.id);
    const pending = !resolved && labels.isFetching;
    return {
      value: n.id,
      label: resolved ? (
        resolved.fullName
      ) : pending ? (
        '…'
      ) : (
        <span className="ma-picker-label-missing" title={t('picker.unknown')}>
          {n.id}
        </span>
      ),
      title: resolved?.organize ?? resolved?.fullName ?? n.id,
    };
  });

  return (
    <>
      <Select
        {...rest}
        ref={field}
        id={id}
        className={`ma-picker-field${className ? ` ${className}` : ''}`}
        style={style}
        size={size}
        status={status}
        mode={multiple ? 'multiple' : undefined}
        open={false}
        showSearch={false}
        value={multiple ? ids : (ids[0] ?? undefined)}
        options={options}
        disabled={disabled}
        allowClear={allowClear && !disabled}
        placeholder={placeholder ?? t('picker.placeholder')}
        maxTagCount="responsive"
        onOpenChange={(next) => {
          if (next && !disabled) setOpen(true);
        }}
        onClear={() => emit([])}
        onDeselect={(removed: string) => emit(current.filter((n) => n.id !== removed))}
        aria-haspopup="dialog"
      />
      {open ? (
        <PickerDialog
          open={open}
          title={title ?? defaultTitle}
          width={width}
          rules={rules}
          source={source}
          tabs={tabs}
          initial={current}
          onConfirm={onConfirm}
          onCancel={close}
          onEmptyConfirm={onEmptyConfirm}
        />
      ) : null}
    </>
  );
}
