import { Form, Input, InputNumber, Radio, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { patterns } from '@medalliance/contract';
import { dictionaryApi, type DictionaryType, type DictionaryTypeForm } from '../../../api/system.ts';
import { mapTree } from '../../../lookups/tree.ts';
import { FormModal } from '../common/FormModal.tsx';
import { NS } from '../messages.ts';

interface Props {
  open: boolean;
  /** The type being edited, or null to create one. */
  editing: DictionaryType | null;
  /** Parent for a new type. */
  parentId?: string;
  onClose: () => void;
  onSaved: (id: string) => void;
}

const ROOT = '0';

export function TypeFormModal({ open, editing, parentId, onClose, onSaved }: Props) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<DictionaryTypeForm>();
  const parents = useQuery({
    queryKey: ['system', 'dictionary', 'typeSelector', editing?.id ?? ROOT],
    queryFn: async () => (await dictionaryApi.typeSelector(editing?.id ?? ROOT)).data.list,
    enabled: open,
  });
  const initialValues: DictionaryTypeForm = editing
    ? {
        parentId: editing.parentId,
        fullName: editing.fullName,
        enCode: editing.enCode,
        isTree: editing.isTree,
        sortCode: editing.sortCode,
        description: editing.description ?? '',
      }
    : { parentId: parentId ?? ROOT, fullName: '', enCode: '', isTree: 0, sortCode: 0, description: '' };

  const treeData = [
    {
      value: ROOT,
      title: t('dict.topType'),
      children: mapTree(parents.data ?? [], (n) => ({ value: n.id, title: n.fullName })),
    },
  ];

  return (
    <FormModal<DictionaryTypeForm>
      open={open}
      form={form}
      title={editing ? t('dict.editType') : t('dict.addType')}
      onClose={onClose}
      testId="ma-dict-type-modal"
      initialValues={initialValues}
      onSubmit={async (values) => {
        const body = { ...values, description: values.description || null };
        if (editing) {
          await dictionaryApi.updateType(editing.id, body);
          onSaved(editing.id);
        } else {
          const res = await dictionaryApi.createType(body);
          onSaved(res.data.id);
        }
      }}
    >
      <Form.Item name="parentId" label={t('dict.parentType')} rules={[{ required: true }]}>
        <TreeSelect treeData={treeData} treeDefaultExpandAll loading={parents.isLoading} showSearch={{ treeNodeFilterProp: 'title' }} />
      </Form.Item>
      <Form.Item
        name="fullName"
        label={t('fullName')}
        rules={[{ required: true, whitespace: true, message: t('required', { name: t('fullName') }) }, { max: 50 }]}
      >
        <Input autoFocus maxLength={50} />
      </Form.Item>
      <Form.Item
        name="enCode"
        label={t('enCode')}
        rules={[
          { required: true, message: t('required', { name: t('enCode') }) },
          { pattern: patterns.enCode, message: t('enCodeRule') },
          { max: 50 },
        ]}
      >
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="isTree" label={t('dict.structure')} extra={editing ? t('dict.structureHint') : undefined}>
        <Radio.Group
          options={[
            { value: 0, label: t('dict.flat') },
            { value: 1, label: t('dict.tree') },
          ]}
        />
      </Form.Item>
      <Form.Item name="sortCode" label={t('sortCode')}>
        <InputNumber min={-1_000_000} max={1_000_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormModal>
  );
}
