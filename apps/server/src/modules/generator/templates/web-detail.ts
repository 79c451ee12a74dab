import type { GenField, GenModel } from '../spec.ts';
import { lines, str } from './code.ts';
import { dictVar, displayExpr, optionsVar } from './web-support.ts';

/** apps/web/src/features/<area>/<module>/<Module>DetailDrawer.tsx: one record read-only, with its sub-table rows. */
export function webDetailFile(m: GenModel): string {
  const { camel, pascal } = m.names;
  const all = [...m.fields.map((f) => ({ f, owner: '' })), ...m.subTables.flatMap((s) => s.fields.map((f) => ({ f, owner: s.prop })))];
  const uses = (pred: (f: GenField) => boolean) => all.some(({ f }) => pred(f));
  const helpers = [
    uses((f) => !!f.options) && 'optionLabel',
    uses((f) => f.array) && 'listText',
    uses((f) => f.kind === 'datetime' && !f.array) && 'dateText',
    uses((f) => f.type === 'switch') && 'switchText',
    ...all.filter(({ f }) => f.options).map(({ f, owner }) => optionsVar(f, owner)),
  ].filter((x): x is string => !!x);
  const dicts = all.filter(({ f }) => f.dictionary);
  return lines(
    `import { Descriptions, Drawer${m.subTables.length ? ', Table' : ''} } from 'antd';`,
    `import { useQuery } from '@tanstack/react-query';`,
    `import { useTranslation } from 'react-i18next';`,
    `import { ${camel}Api } from '../../../api/${camel}.ts';`,
    dicts.length > 0 && `import { dictionaryLabel, useDictionary } from '../../../lookups/dictionaries.ts';`,
    helpers.length > 0 && `import { ${[...new Set(helpers)].join(', ')} } from './fields.ts';`,
    `import { NS } from './messages.ts';`,
    ``,
    `/** One ${camel} record, read-only. */`,
    `export function ${pascal}DetailDrawer({ id, onClose }: { id: string; onClose: () => void }) {`,
    `  const { t } = useTranslation(NS);`,
    ...dicts.map(({ f, owner }) => `  const ${dictVar(f, owner)} = useDictionary(${str(f.dictionary!)});`),
    `  const detail = useQuery({ queryKey: [${str(m.area)}, ${str(camel)}, 'detail', id], queryFn: async () => (await ${camel}Api.get(id)).data });`,
    `  const row = detail.data;`,
    ``,
    `  return (`,
    `    <Drawer open title={t('detail')} size="large" onClose={onClose} loading={detail.isLoading} rootClassName=${str(`ma-${m.names.kebab}-detail`)}>`,
    `      {row && (`,
    `        <>`,
    `          <Descriptions`,
    `            bordered`,
    `            column={1}`,
    `            size="small"`,
    `            items={[`,
    ...m.fields.map(
      (f) => `              { key: ${str(f.prop)}, label: t(${str(`field.${f.prop}`)}), children: ${displayExpr(f, `row.${f.prop}`)} },`,
    ),
    `            ]}`,
    `          />`,
    ...m.subTables.flatMap((s) => [
      `          <h4 style={{ margin: '16px 0 8px' }}>{t(${str(`table.${s.prop}`)})}</h4>`,
      `          <Table`,
      `            rowKey="id"`,
      `            size="small"`,
      `            pagination={false}`,
      `            dataSource={row.${s.prop}}`,
      `            columns={[`,
      ...s.fields.map(
        (f) =>
          `              { title: t(${str(`field.${s.prop}.${f.prop}`)}), dataIndex: ${str(f.prop)}, render: (_: unknown, r: (typeof row.${s.prop})[number]) => ${displayExpr(
            f,
            `r.${f.prop}`,
            s.prop,
          )} },`,
      ),
      `            ]}`,
      `          />`,
    ]),
    `        </>`,
    `      )}`,
    `    </Drawer>`,
    `  );`,
    `}`,
    ``,
  );
}
