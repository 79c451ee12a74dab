import type { GenModel } from '../spec.ts';
import { englishLabel, lines, str } from './code.ts';

/** Model text inside a catalog: no i18next interpolation or nesting. */
const plain = (s: string) => s.replace(/\{\{/g, '{ {').replace(/\$t\(/g, '$ t(');

export const webNamespace = (m: GenModel) => `${m.names.camel}Page`;

/** apps/web/src/features/<area>/<module>/messages.ts: every text of the screens, in zh, zhtw and en. */
export function webMessagesFile(m: GenModel): string {
  const title = m.fullName.trim() || m.names.camel;
  const fieldKeys = (lang: 'zh' | 'en') => [
    ...m.fields.map((f) => [`field.${f.prop}`, lang === 'en' ? englishLabel(f.prop) : f.label] as const),
    ...m.subTables.flatMap((s) => [
      [`table.${s.prop}`, lang === 'en' ? englishLabel(s.prop) : s.label] as const,
      ...s.fields.map((f) => [`field.${s.prop}.${f.prop}`, lang === 'en' ? englishLabel(f.prop) : f.label] as const),
    ]),
  ];
  const common = {
    zh: {
      title,
      add: '新建',
      edit: '编辑',
      detail: '详情',
      actions: '操作',
      yes: '是',
      no: '否',
      from: '开始',
      to: '结束',
      addRow: '添加一行',
      removeRow: '删除',
      required: '请输入{{name}}',
      created: '新建成功',
      updated: '修改成功',
      close: '关闭',
    },
    zhtw: {
      title,
      add: '新建',
      edit: '編輯',
      detail: '詳情',
      actions: '操作',
      yes: '是',
      no: '否',
      from: '開始',
      to: '結束',
      addRow: '添加一行',
      removeRow: '刪除',
      required: '請輸入{{name}}',
      created: '新建成功',
      updated: '修改成功',
      close: '關閉',
    },
    en: {
      title: englishLabel(m.names.camel),
      add: 'New',
      edit: 'Edit',
      detail: 'Details',
      actions: 'Actions',
      yes: 'Yes',
      no: 'No',
      from: 'From',
      to: 'To',
      addRow: 'Add a row',
      removeRow: 'Remove',
      required: '{{name}} is required',
      created: 'Created',
      updated: 'Saved',
      close: 'Close',
    },
  };
  const block = (lang: 'zh' | 'zhtw' | 'en') =>
    lines(
      `  ${lang}: {`,
      ...Object.entries(common[lang]).map(([k, v]) => `    ${k}: ${str(k === 'title' ? plain(v) : v)},`),
      ...fieldKeys(lang === 'en' ? 'en' : 'zh').map(([k, v]) => `    ${str(k)}: ${str(plain(v))},`),
      `  },`,
    );
  return lines(
    `import { defineMessages } from '../../../i18n/index.ts';`,
    ``,
    `/** Texts of the ${m.names.camel} screens (namespace ${webNamespace(m)}); field labels from the model, English from the field keys. */`,
    `export const NS = ${str(webNamespace(m))};`,
    ``,
    `defineMessages(NS, {`,
    block('zh'),
    block('zhtw'),
    block('en'),
    `});`,
    ``,
  );
}
