import { Form, Radio, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dictionaryApi, type DictionaryType, type DictionaryTypeForm } from '../../../api/system.ts';
import { mapTree } from '../../../lookups/tree.ts';
import { FormModal } from '../common/FormModal.tsx';
import { DescriptionField, EnCodeField, FullNameField, SortCodeField } from '../common/recordFields.tsx';
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
      <FullNameField label={t('fullName')} />
      <EnCodeField label={t('enCode')} />
      <Form.Item name="isTree" label={t('dict.structure')} extra={editing ? t('dict.structureHint') : undefined}>
        <Radio.Group
          options={[
            { value: 0, label: t('dict.flat') },
            { value: 1, label: t('dict.tree') },
          ]}
        />
      </Form.Item>
      <SortCodeField />
      <DescriptionField />
    </FormModal>
  );
}
