import { describe, expect, it } from 'vitest';
import { formDefinition } from './form-schema.ts';
import { importColumnData, importFormData, importModelDefinition, legacyKey } from './import-legacy.ts';
import { listDefinition } from './list-schema.ts';

const legacyForm = {
  labelWidth: 120,
  labelPosition: 'top',
  popupType: 'drawer',
  drawerWidth: '800px',
  funcs: { onLoad: 'alert(1)' },
  fields: [
    {
      __vModel__: 'F_FullName',
      __config__: { jnpfKey: 'comInput', label: '姓名', required: true, span: 12, regList: [{ pattern: '/^[a-z]+$/', message: '小写' }] },
      maxlength: 20,
      on: { change: 'evil()' },
    },
    { __vModel__: 'age', __config__: { jnpfKey: 'numInput', label: '年龄' }, min: 0, max: 120 },
    {
      __vModel__: 'sex',
      __config__: { jnpfKey: 'radio', label: '性别', dataType: 'static' },
      __slot__: { options: [{ id: '1', fullName: '男' }] },
    },
    { __vModel__: 'nation', __config__: { jnpfKey: 'select', label: '民族', dataType: 'dictionary', dictionaryType: 'ethnicity' } },
    {
      __vModel__: 'org',
      __config__: { jnpfKey: 'select', label: '机构', dataType: 'dynamic', propsUrl: 'if1', props: { label: 'ORG_NAME', value: 'id' } },
    },
    { __vModel__: 'when', __config__: { jnpfKey: 'date', label: '日期' } },
    {
      __config__: { jnpfKey: 'row', label: '' },
      __vModel__: '',
      children: undefined,
    },
    {
      __vModel__: 'tableField101',
      __config__: {
        jnpfKey: 'table',
        label: '明细',
        tableName: 'zz_detail',
        children: [
          { __vModel__: 'qty', __config__: { jnpfKey: 'numInput', label: '数量' } },
          { __vModel__: 'price', __config__: { jnpfKey: 'JNPFAmount', label: '单价' } },
        ],
      },
      summaryField: ['qty'],
    },
    { __vModel__: 'total', __config__: { jnpfKey: 'calculate', label: '合计' }, expression: ['age', '+', 'tableField101.qty'] },
    {
      __vModel__: 'pick',
      __config__: { jnpfKey: 'popupSelect', label: '弹窗' },
      interfaceId: 'if2',
      propsValue: 'id',
      relationField: 'NAME',
      columnOptions: [{ value: 'NAME', label: '名称' }],
      hasPage: true,
      pageSize: 20,
    },
    { __config__: { jnpfKey: 'popupAttr', label: '属性' }, relationField: 'pick', showField: 'CODE' },
    { __config__: { jnpfKey: 'location', label: '定位' }, __vModel__: 'loc' },
  ],
};

describe('import of the reference spelling', () => {
  it('converts formData fields, options, rules, sub-tables, calculate and popups into ours', () => {
    const { form, skipped } = importFormData(JSON.stringify(legacyForm));
    expect(skipped).toEqual(['location']);
    const parsed = formDefinition.parse(form);
    expect(parsed).toMatchObject({ labelWidth: 120, labelPosition: 'top', popupType: 'drawer', popupWidth: '800px' });
    const [name, age, sex, nation, org, when, row, table, total, pick, attr] = parsed.fields;
    expect(name).toMatchObject({
      type: 'input',
      field: 'f_FullName',
      label: '姓名',
      required: true,
      span: 12,
      maxLength: 20,
      rules: [{ pattern: '/^[a-z]+$/', message: '小写' }],
    });
    expect(name).not.toHaveProperty('on');
    expect(age).toMatchObject({ type: 'inputNumber', min: 0, max: 120 });
    expect(sex!.options).toEqual({ source: 'static', items: [{ id: '1', fullName: '男' }] });
    expect(nation!.options).toEqual({ source: 'dictionary', dictionaryType: 'ethnicity' });
    expect(org!.options).toEqual({ source: 'interface', interfaceId: 'if1', valueKey: 'id', labelKey: 'ORG_NAME' });
    expect(when!.type).toBe('datePicker');
    expect(row!.type).toBe('row');
    expect(table).toMatchObject({ type: 'table', field: 'tableField101', tableName: 'zz_detail', summary: ['qty'] });
    expect(table!.children!.map((c) => c.type)).toEqual(['inputNumber', 'amount']);
    expect(total!.expression).toBe('age + tableField101.qty');
    expect(pick!.relation).toMatchObject({
      interfaceId: 'if2',
      valueKey: 'id',
      labelKey: 'NAME',
      hasPage: true,
      pageSize: 20,
      columns: [{ value: 'NAME', label: '名称' }],
    });
    expect(attr!.relation).toEqual({ source: 'pick', attr: 'CODE' });
  });

  it('converts columnData and renames keys as the form renamed them', () => {
    const { keys } = importFormData(legacyForm);
    const list = listDefinition.parse(
      importColumnData(
        {
          type: 2,
          columnList: [
            { prop: 'F_FullName', label: '姓名', width: 10, fixed: true, sortable: true },
            { prop: 'tableField101-qty', label: '数量' },
          ],
          searchList: [
            { __vModel__: 'F_FullName', searchType: 2 },
            { __vModel__: 'when', searchType: 3 },
            { __vModel__: 'sex', searchType: 1, searchMultiple: true },
          ],
          defaultSidx: 'when',
          sort: 'asc',
          pageSize: 30,
          treeDataSource: 'api',
          treePropsUrl: 'if3',
          treeRelation: 'org',
          btnsList: [{ value: 'add' }, { value: 'download' }, { value: 'upload' }, { value: 'custom' }],
          columnBtnsList: [{ value: 'edit' }, { value: 'detail' }],
          useBtnPermission: true,
        },
        keys,
      ),
    );
    expect(list).toMatchObject({
      style: 2,
      columns: [{ field: 'f_FullName', width: 40, fixed: 'left', sortable: true }, { field: 'tableField101.qty' }],
      search: [
        { field: 'f_FullName', match: 'contains' },
        { field: 'when', match: 'range' },
        { field: 'sex', match: 'in' },
      ],
      defaultSort: { field: 'when', order: 'asc' },
      pageSize: 50,
      tree: { source: 'interface', interfaceId: 'if3', relationField: 'org' },
      buttons: ['add', 'export', 'import'],
      rowButtons: ['edit', 'detail'],
      useButtonPermission: true,
    });
  });

  it('passes our own spelling through unchanged and reads a whole Base record', () => {
    const ours = { fields: [{ id: 'a', type: 'input', field: 'a', label: 'A' }] };
    expect(importFormData(ours).form).toBe(ours);
    const list = { columns: [], search: [] };
    expect(importColumnData(list)).toBe(list);
    const { model } = importModelDefinition({
      fullName: 'X',
      enCode: 'x',
      webType: '3',
      formData: JSON.stringify(legacyForm),
      columnData: '{}',
    });
    expect(model).toMatchObject({ fullName: 'X', enCode: 'x', webType: 3, columnData: {} });
    expect(legacyKey('9-lives')).toBe('f9_lives');
  });
});
