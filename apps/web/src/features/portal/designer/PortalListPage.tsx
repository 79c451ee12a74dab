import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Modal, Space, Spin } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalDefinition, PortalSummary } from '@medalliance/contract';
import { portalApi } from '../../../api/portal.ts';
import { downloadExport } from '../../../api/system.ts';
import { toast } from '../../../app/feedback.ts';
import { Auth } from '../../../components/auth/Auth.tsx';
import { BUTTON_CODES } from '../../../components/auth/permission.ts';
import {
  actionsColumn,
  ListPage,
  systemLook as look,
  useDeleteRow,
  useListQuery,
  useRowState,
} from '../../../components/listPage/index.ts';
import { JsonFileInput } from '../../../lowcode/designer/JsonFileInput.tsx';
import { stateColumn } from '../../system/common/listColumns.tsx';
import { NS } from '../messages.ts';
import { PortalGrid } from '../view/PortalGrid.tsx';
import '../portal.css';

const KEY = ['portal', 'list'] as const;
// The designer carries the grid library and the rich-text editor: loaded when first opened.
const PortalDesigner = lazy(() => import('./PortalDesigner.tsx'));
const RolesDialog = lazy(() => import('./RolesDialog.tsx').then((m) => ({ default: m.RolesDialog })));

/** Portal design (menu portalDesign, /onlineDev/portal): the list, the designer, role assignment, preview. */
export default function PortalListPage() {
  const { t } = useTranslation(NS);
  const { query, search, filter, paging } = useListQuery({ category: '' });
  const list = useQuery({
    queryKey: [...KEY, query],
    queryFn: async () => (await portalApi.list(query)).data,
    placeholderData: keepPreviousData,
  });
  const [designer, setDesigner] = useState<{ id: string | null } | null>(null);
  const [roles, setRoles] = useState<PortalSummary | null>(null);
  const [preview, setPreview] = useState<{ name: string; def: PortalDefinition } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const refresh = () => void list.refetch();
  const state = useRowState(look, (row: PortalSummary) => portalApi.setState(row.id), refresh);
  const remove = useDeleteRow(look, (row: PortalSummary) => portalApi.remove(row.id), refresh);
  const copy = async (row: PortalSummary) => {
    await portalApi.copy(row.id);
    toast.success(t('copied'));
    refresh();
  };
  const showPreview = async (row: PortalSummary) => {
    const info = (await portalApi.get(row.id)).data;
    setPreview({ name: info.fullName, def: info.formData });
  };
  const importFile = async (file: File) => {
    let data: unknown;
    try {
      data = JSON.parse(await file.text());
    } catch {
      toast.error(t('importBad'));
      return;
    }
    await portalApi.import(data);
    toast.success(t('imported'));
    refresh();
  };

  const columns: ColumnsType<PortalSummary> = [
    { title: t('name'), dataIndex: 'fullName', width: 180, ellipsis: true },
    { title: t('code'), dataIndex: 'enCode', width: 150, ellipsis: true },
    { title: t('category'), dataIndex: 'category', width: 110, ellipsis: true },
    { title: t('creator'), dataIndex: 'creatorUser', width: 140, ellipsis: true },
    { title: t('createdAt'), dataIndex: 'createdAt', width: 150, render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    { title: t('sortCode'), dataIndex: 'sortCode', width: 70, align: 'center' },
    stateColumn(t('state'), state),
    actionsColumn<PortalSummary>(look, t('actions'), 220, (row) => ({
      actions: [
        {
          key: 'design',
          label: t('design'),
          code: BUTTON_CODES.edit,
          testId: 'ma-portal-design-row',
          onClick: () => setDesigner({ id: row.id }),
        },
        { key: 'roles', label: t('roles'), code: BUTTON_CODES.edit, testId: 'ma-portal-roles-row', onClick: () => setRoles(row) },
        { key: 'preview', label: t('preview'), testId: 'ma-portal-preview-row', onClick: () => void showPreview(row) },
      ],
      more: [
        { key: 'copy', label: t('copy'), code: BUTTON_CODES.add, onClick: () => void copy(row) },
        {
          key: 'export',
          label: t('export'),
          onClick: () => void downloadExport(portalApi.exportUrl(row.id), `${row.fullName}-${row.enCode}.json`),
        },
        { key: 'delete', onClick: () => remove(row) },
      ],
    })),
  ];

  return (
    <ListPage<PortalSummary>
      look={look}
      testId="ma-portal-list"
      search={{
        onSearch: (keyword) => search(keyword),
        placeholder: t('list.keyword'),
        filters: (
          <Input
            allowClear
            placeholder={t('list.category')}
            value={query.category}
            onChange={(e) => filter({ category: e.target.value })}
            style={{ width: 140 }}
          />
        ),
        onReset: () => search('', { category: '' }),
      }}
      toolbar={
        <Auth code={BUTTON_CODES.add}>
          <Space>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDesigner({ id: null })} data-testid="ma-portal-add">
              {t('add')}
            </Button>
            <Button icon={<UploadOutlined />} onClick={() => fileRef.current?.click()}>
              {t('import')}
            </Button>
            <JsonFileInput ref={fileRef} onFile={(f) => void importFile(f)} />
          </Space>
        </Auth>
      }
      onRefresh={refresh}
      paging={paging(list.data?.pagination.total ?? 0)}
      table={{ loading: list.isFetching, dataSource: list.data?.list ?? [], columns, rowKey: 'id', scroll: { x: 1100 } }}
    >
      {designer && (
        <Suspense fallback={<Spin fullscreen />}>
          <PortalDesigner id={designer.id} onClose={() => setDesigner(null)} onSaved={refresh} />
        </Suspense>
      )}
      {roles && (
        <Suspense fallback={null}>
          <RolesDialog portal={roles} onClose={() => setRoles(null)} />
        </Suspense>
      )}
      {preview && (
        <Modal open width="90vw" title={preview.name} footer={null} onCancel={() => setPreview(null)} destroyOnHidden>
          <div className="ma-portal-preview" data-testid="ma-portal-preview-body">
            <PortalGrid definition={preview.def} portalId={null} />
          </div>
        </Modal>
      )}
    </ListPage>
  );
}
