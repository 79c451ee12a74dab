import type { GenField, GenModel } from '../spec.ts';
import { filterParams, lines, numeric, str } from './code.ts';
import { dictionaryHooks, dictVar, displayExpr, optionsVar } from './web-support.ts';

/** apps/web/src/api/<module>.ts: the typed calls of the module's routes. */
export function webApiFile(m: GenModel, url: string): string {
  const { camel, pascal } = m.names;
  return lines(
    `import type { ${pascal}, ${pascal}Detail, ${pascal}Filters, ${pascal}Input, PageResult } from '@medalliance/contract';`,
    `import { http } from './http.ts';`,
    ``,
    `/** Typed calls of the ${camel} module (apps/server/src/modules/${m.area}/${m.names.kebab}.routes.ts). */`,
    ``,
    `const BASE = ${str(`/api${url}`)};`,
    `const enc = encodeURIComponent;`,
    ``,
    `export type ${pascal}Query = { currentPage: number; pageSize: number; keyword: string; sidx: string; sort: 'asc' | 'desc' } & ${pascal}Filters;`,
    ``,
    `export const ${camel}Api = {`,
    `  list: (q: ${pascal}Query) => http.get<PageResult<${pascal}>>(BASE, { ...q }),`,
    `  get: (id: string) => http.get<${pascal}Detail>(\`\${BASE}/\${enc(id)}\`),`,
    `  create: (input: ${pascal}Input) => http.post<{ id: string }>(BASE, input),`,
    `  update: (id: string, input: ${pascal}Input) => http.put(\`\${BASE}/\${enc(id)}\`, input),`,
    `  remove: (id: string) => http.delete(\`\${BASE}/\${enc(id)}\`),`,
    `};`,
    ``,
  );
}

/** apps/web/src/features/<area>/<module>/pages.ts: the menu path of the list screen. */
export function webPagesFile(m: GenModel): string {
  return lines(
    `import type { PageLoader } from '../../../app/router/pageRegistry.ts';`,
    ``,
    `/** The ${m.names.camel} screen, by menu path ('/' + the menu's urlAddress). */`,
    `export const pages: Record<string, PageLoader> = {`,
    `  ${str(`/${m.area}/${m.names.camel}`)}: () => import('./${m.names.pascal}Page.tsx'),`,
    `};`,
    ``,
  );
}

function filterControl(m: GenModel, p: ReturnType<typeof filterParams>[number]): string {
  const f = p.search.field;
  const label = `t(${str(`field.${f.prop}`)})`;
  const [a, b] = p.names as [string, string | undefined];
  const set = (name: string, v: string) => `setDraft((d) => ({ ...d, ${name}: ${v} }))`;
  if (p.search.match === 'range' && f.kind === 'datetime') {
    return lines(
      `        <DatePicker.RangePicker`,
      `          placeholder={[${label}, ${label}]}`,
      `          value={draft.${a} !== undefined && draft.${b} !== undefined ? [dayjs(draft.${a}), dayjs(draft.${b})] : null}`,
      `          onChange={(r) => setDraft((d) => ({ ...d, ${a}: r?.[0]?.startOf('day').valueOf(), ${b}: r?.[1]?.endOf('day').valueOf() }))}`,
      `        />`,
    );
  }
  if (p.search.match === 'range') {
    return lines(
      `        <InputNumber placeholder={\`\${${label}} \${t('from')}\`} value={draft.${a} ?? null} onChange={(v) => ${set(a, 'v ?? undefined')}} />`,
      `        <InputNumber placeholder={\`\${${label}} \${t('to')}\`} value={draft.${b} ?? null} onChange={(v) => ${set(b!, 'v ?? undefined')}} />`,
    );
  }
  const options = f.dictionary ? `${dictVar(f)}.flat.map((d) => ({ value: d.id, label: d.fullName }))` : f.options ? optionsVar(f) : null;
  if (options && p.search.match === 'in') {
    return `        <Select mode="multiple" allowClear placeholder={${label}} style={{ minWidth: 160 }} options={${options}} value={draft.${a} ? draft.${a}.split(',') : []} onChange={(v: string[]) => ${set(a, "v.length ? v.join(',') : undefined")}} />`;
  }
  if (options) {
    return `        <Select allowClear placeholder={${label}} style={{ width: 160 }} options={${options}} value={draft.${a}} onChange={(v?: string) => ${set(a, 'v')}} />`;
  }
  if (numeric(f) && p.search.match !== 'in') {
    return `        <InputNumber placeholder={${label}} value={draft.${a} ?? null} onChange={(v) => ${set(a, 'v ?? undefined')}} />`;
  }
  return `        <Input allowClear placeholder={${label}} style={{ width: 160 }} value={draft.${a} ?? ''} onChange={(e) => ${set(a, 'e.target.value || undefined')}} />`;
}

const column = (f: GenField, sortable: boolean) =>
  lines(
    `    {`,
    `      title: t(${str(`field.${f.prop}`)}),`,
    `      dataIndex: ${str(f.prop)},`,
    `      width: ${f.kind === 'text' ? 220 : f.kind === 'datetime' ? 150 : 130},`,
    `      ellipsis: true,`,
    numeric(f) && !f.options && !f.dictionary && f.kind !== 'datetime' && `      align: 'right',`,
    sortable && `      sorter: true,`,
    sortable && `      sortOrder: sortOrder(${str(f.prop)}),`,
    `      render: (_: unknown, row) => ${displayExpr(f, `row.${f.prop}`)},`,
    `    },`,
  );

/** apps/web/src/features/<area>/<module>/<Module>Page.tsx: the list screen on the ListPage scaffold. */
export function webPageFile(m: GenModel): string {
  const { camel, pascal } = m.names;
  const filters = filterParams(m);
  const usedInList = [...m.columns, ...filters.map((p) => p.search.field)];
  const dictFields = [...new Map(usedInList.filter((f) => f.dictionary).map((f) => [f.prop, f])).values()];
  const optionFields = [...new Set(usedInList.filter((f) => f.options).map((f) => optionsVar(f)))];
  const needs = (pred: (f: GenField) => boolean) => m.columns.some(pred);
  const helpers = [
    needs((f) => !!f.options) ? 'optionLabel' : null,
    needs((f) => f.array) ? 'listText' : null,
    needs((f) => f.kind === 'datetime' && !f.array) ? 'dateText' : null,
    needs((f) => f.type === 'switch') ? 'switchText' : null,
  ].filter((x): x is string => !!x);
  const usesDayjs = filters.some((p) => p.search.match === 'range' && p.search.field.kind === 'datetime');
  const antd = ['Button', usesDayjs && 'DatePicker', 'Input', 'InputNumber', 'Select'].filter(Boolean).join(', ');
  const sortable = new Set(m.sortable.map((f) => f.prop));
  return lines(
    `import { useState } from 'react';`,
    `import { ${antd} } from 'antd';`,
    `import type { ColumnsType, SorterResult } from 'antd/es/table/interface';`,
    `import { PlusOutlined } from '@ant-design/icons';`,
    `import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';`,
    usesDayjs && `import dayjs from 'dayjs';`,
    `import { useTranslation } from 'react-i18next';`,
    `import type { ${pascal} } from '@medalliance/contract';`,
    `import { ${camel}Api } from '../../../api/${camel}.ts';`,
    `import { toast } from '../../../app/feedback.ts';`,
    `import { Auth } from '../../../components/auth/Auth.tsx';`,
    `import { BUTTON_CODES } from '../../../components/auth/permission.ts';`,
    `import { actionsColumn, ListPage, systemLook as look, useDeleteRow, useListQuery } from '../../../components/listPage/index.ts';`,
    dictFields.length > 0 && `import { dictionaryLabel, useDictionary } from '../../../lookups/dictionaries.ts';`,
    `import '../../system/messages.ts';`,
    `import { ${[...helpers, ...optionFields, 'noFilters', 'type Filters'].join(', ')} } from './fields.ts';`,
    `import { ${pascal}DetailDrawer } from './${pascal}DetailDrawer.tsx';`,
    `import { ${pascal}FormModal } from './${pascal}FormModal.tsx';`,
    `import { NS } from './messages.ts';`,
    ``,
    `const KEY = [${str(m.area)}, ${str(camel)}, 'list'] as const;`,
    ``,
    `/** The ${camel} list: filters, sort and paging in SQL; add, edit, detail and delete under the menu's buttons. */`,
    `export default function ${pascal}Page() {`,
    `  const { t } = useTranslation(NS);`,
    `  const client = useQueryClient();`,
    ...dictionaryHooks(dictFields),
    `  const { query, setQuery, search, paging } = useListQuery<Filters>({ sidx: '', sort: 'desc' });`,
    `  const [draft, setDraft] = useState<Partial<Filters>>({});`,
    `  const [modal, setModal] = useState<{ editingId: string | null } | null>(null);`,
    `  const [viewing, setViewing] = useState<string | null>(null);`,
    ``,
    `  const list = useQuery({`,
    `    queryKey: [...KEY, query],`,
    `    queryFn: async () => (await ${camel}Api.list(query)).data,`,
    `    placeholderData: keepPreviousData,`,
    `  });`,
    `  const refresh = () => client.invalidateQueries({ queryKey: KEY });`,
    `  const remove = useDeleteRow(look, (row: ${pascal}) => ${camel}Api.remove(row.id), refresh);`,
    `  const sortOrder = (field: string) => (query.sidx === field ? (query.sort === 'asc' ? 'ascend' : 'descend') : null);`,
    ``,
    `  const columns: ColumnsType<${pascal}> = [`,
    ...m.columns.map((f) => column(f, sortable.has(f.prop))),
    `    actionsColumn<${pascal}>(look, t('actions'), 170, (row) => ({`,
    `      actions: [`,
    `        { key: 'detail', label: t('detail'), code: null, testId: 'ma-gen-detail', onClick: () => setViewing(row.id) },`,
    `        { key: 'edit', onClick: () => setModal({ editingId: row.id }) },`,
    `        { key: 'delete', onClick: () => remove(row) },`,
    `      ],`,
    `    })),`,
    `  ];`,
    ``,
    `  return (`,
    `    <ListPage<${pascal}>`,
    `      look={look}`,
    `      testId=${str(`ma-${m.names.kebab}-page`)}`,
    `      search={{`,
    `        onSearch: (keyword) => search(keyword, draft),`,
    `        onReset: () => {`,
    `          setDraft({});`,
    `          search('', noFilters);`,
    `        },`,
    filters.length > 0 && `        filters: (`,
    filters.length > 0 && `          <>`,
    ...filters.map((p) => filterControl(m, p).replace(/^ {8}/gm, '            ')),
    filters.length > 0 && `          </>`,
    filters.length > 0 && `        ),`,
    `      }}`,
    `      toolbar={`,
    `        <Auth code={BUTTON_CODES.add}>`,
    `          <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ editingId: null })}>`,
    `            {t('add')}`,
    `          </Button>`,
    `        </Auth>`,
    `      }`,
    `      onRefresh={() => void list.refetch()}`,
    `      table={{`,
    `        loading: list.isFetching,`,
    `        dataSource: list.data?.list ?? [],`,
    `        columns,`,
    `        scroll: { x: ${Math.max(800, m.columns.length * 150 + 170)} },`,
    `        // Sorting is the server's, so the table's own change event pages and sorts.`,
    `        onChange: (pagination, _filters, sorter) => {`,
    `          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<${pascal}> | undefined;`,
    `          setQuery((q) => ({`,
    `            ...q,`,
    `            currentPage: pagination.current ?? 1,`,
    `            pageSize: pagination.pageSize ?? q.pageSize,`,
    `            sidx: s?.order ? String(s.field) : '',`,
    `            sort: s?.order === 'ascend' ? 'asc' : 'desc',`,
    `          }));`,
    `        },`,
    `      }}`,
    `      paging={paging(list.data?.pagination.total ?? 0, null)}`,
    `    >`,
    `      {modal && (`,
    `        <${pascal}FormModal`,
    `          editingId={modal.editingId}`,
    `          onClose={() => setModal(null)}`,
    `          onSaved={() => {`,
    `            toast.success(modal.editingId ? t('updated') : t('created'));`,
    `            void refresh();`,
    `          }}`,
    `        />`,
    `      )}`,
    `      {viewing && <${pascal}DetailDrawer id={viewing} onClose={() => setViewing(null)} />}`,
    `    </ListPage>`,
    `  );`,
    `}`,
    ``,
  );
}
