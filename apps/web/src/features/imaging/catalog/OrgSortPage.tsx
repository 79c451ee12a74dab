import { useEffect, useState } from 'react';
import { Button, Space, Table, Tag } from 'antd';
import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ImagingCentre, ImgOrgSortRow } from '@medalliance/contract';
import { toast } from '../../../app/feedback.ts';
import { catalogApi } from './api.ts';
import { CatalogShell } from './CatalogShell.tsx';
import { SortArrows } from './RowActions.tsx';
import { NS } from './messages.ts';
import './messages.ts';

/** 机构排序 (img_org_sort): the order units appear in a centre's pickers and statistics; arrows, then save. */
export default function OrgSortPage() {
  const { t } = useTranslation(NS);
  return (
    <CatalogShell menu="img_org_sort" title={t('page.orgSort')} testId="img-org-sort">
      {(centre, rights) => <OrgSort key={centre} centre={centre} canEdit={rights.edit} />}
    </CatalogShell>
  );
}

function OrgSort({ centre, canEdit }: { centre: ImagingCentre; canEdit: boolean }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['imgCatalog', 'org-sort', centre], queryFn: async () => (await catalogApi.orgSort(centre)).data.list });
  const [rows, setRows] = useState<ImgOrgSortRow[]>([]);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!q.data) return;
    setRows(q.data);
    setDirty(false);
  }, [q.data]);
  const move = (i: number, d: 'up' | 'down') => {
    const j = d === 'up' ? i - 1 : i + 1;
    const next = [...rows];
    [next[i], next[j]] = [next[j]!, next[i]!];
    setRows(next);
    setDirty(true);
  };
  const save = async () => {
    setSaving(true);
    try {
      await catalogApi.saveOrgSort(
        centre,
        rows.map((r) => r.orgId),
      );
      toast.success(t('saved'));
      await qc.invalidateQueries({ queryKey: ['imgCatalog', 'org-sort', centre] });
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <div className="img-catalog-toolbar">
        <span className="img-catalog-text">{t('orgSortHint')}</span>
        {canEdit && (
          <Space>
            <Button icon={<UndoOutlined />} disabled={!dirty} onClick={() => (setRows(q.data ?? []), setDirty(false))}>
              {t('reset')}
            </Button>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              disabled={!dirty}
              loading={saving}
              onClick={() => void save()}
              data-testid="img-org-save"
            >
              {t('save')}
            </Button>
          </Space>
        )}
      </div>
      <Table<ImgOrgSortRow>
        rowKey="orgId"
        size="small"
        loading={q.isLoading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('empty') }}
        columns={[
          { title: t('place'), width: 70, render: (_: unknown, _r, i) => i + 1 },
          ...(canEdit
            ? [
                {
                  title: t('order'),
                  width: 90,
                  render: (_: unknown, _r: ImgOrgSortRow, i: number) => (
                    <SortArrows first={i === 0} last={i === rows.length - 1} onMove={(d) => move(i, d)} testId={`img-org-${i}`} />
                  ),
                },
              ]
            : []),
          { title: t('unit'), dataIndex: 'name' },
          { title: t('parentUnit'), dataIndex: 'parentName', render: (v: string | null) => v ?? '—' },
          {
            title: t('state'),
            dataIndex: 'sortCode',
            width: 110,
            render: (v: number | null) => (v == null ? <Tag>{t('unplaced')}</Tag> : <Tag color="blue">{t('placed')}</Tag>),
          },
        ]}
      />
    </>
  );
}
