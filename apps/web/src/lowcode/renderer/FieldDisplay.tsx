import { Rate, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldTypeInfo, tableSummary, type FileEntry, type FormField } from '@medalliance/contract';
import { AuthImage, FileList } from '../../components/upload/index.ts';
import { NS } from '../messages.ts';
import { displayText } from './displayText.ts';
import { fieldComponent } from './fields/index.ts';
import { optionLabels, useOptions } from './fields/options.ts';
import { HtmlView } from './HtmlView.tsx';

type Row = Record<string, unknown>;

/** Static or interface options the server did not turn into names (previews, static lists): their labels. */
function ChoiceText({ field, value }: { field: FormField; value: unknown }) {
  const { t } = useTranslation(NS);
  const { options } = useOptions(field);
  const text = field.options?.source === 'dictionary' ? displayText(field, value, t) : optionLabels(options, value).join(', ');
  return <span>{text}</span>;
}

/** One field's value, read-only, in the shape that suits it (files, images, rich text, a signature, a table...). */
export function FieldDisplay({ field, value }: { field: FormField; value: unknown }) {
  const { t } = useTranslation(NS);
  const info = fieldTypeInfo(field.type);
  if (info.column === 'none' && field.type !== 'table') {
    // Display fields (text, link, alert, codes, attributes) look the same in a detail view.
    const Display = fieldComponent(field.type);
    return Display && field.type !== 'button' ? <Display field={field} value={value} disabled /> : null;
  }
  const files = Array.isArray(value) ? (value as FileEntry[]) : [];
  switch (field.type) {
    case 'uploadFile':
      return <FileList files={files} />;
    case 'uploadImg':
      return (
        <Space wrap>
          {files.map((f) => (
            <AuthImage key={f.fileId ?? f.url} src={f.url} alt={f.name} width={96} height={96} style={{ objectFit: 'cover' }} />
          ))}
        </Space>
      );
    case 'editor':
      return <HtmlView html={typeof value === 'string' ? value : ''} />;
    case 'sign':
      return typeof value === 'string' && value.startsWith('data:image/') ? <img src={value} alt={field.label} width={200} /> : null;
    case 'rate':
      return <Rate disabled value={typeof value === 'number' ? value : 0} count={field.max ?? 5} />;
    case 'colorPicker':
      return typeof value === 'string' && value ? (
        <Space>
          <span className="lc-swatch" style={{ background: value }} />
          {value}
        </Space>
      ) : null;
    case 'table':
      return <TableDisplay field={field} rows={Array.isArray(value) ? (value as Row[]) : []} />;
    default:
      if (info.hasOptions && field.options?.source !== 'dictionary') return <ChoiceText field={field} value={value} />;
      return <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{displayText(field, value, t)}</Typography.Text>;
  }
}

function TableDisplay({ field, rows }: { field: FormField; rows: Row[] }) {
  const { t } = useTranslation(NS);
  const columns = (field.children ?? []).filter((c) => c.field);
  const summary = field.summary?.length ? tableSummary(field, rows) : null;
  return (
    <Table<Row>
      size="small"
      bordered
      pagination={false}
      rowKey={(r) => String(r.id ?? rows.indexOf(r))}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('noData') }}
      columns={[
        { key: '#', title: t('index'), width: 56, align: 'center', render: (_v, _r, i) => i + 1 },
        ...columns.map((col) => ({
          key: col.field!,
          title: col.label,
          render: (_v: unknown, r: Row) => <FieldDisplay field={col} value={r[col.field!]} />,
        })),
      ]}
      summary={
        summary
          ? () => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{t('summaryTotal')}</Table.Summary.Cell>
                {columns.map((c, i) => (
                  <Table.Summary.Cell key={c.field} index={i + 1}>
                    {summary[c.field!]?.toFixed(2) ?? ''}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            )
          : undefined
      }
    />
  );
}
