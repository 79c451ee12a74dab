import { useMemo, useState } from 'react';
import { Alert, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { generatorApi } from '../../api/generator.ts';
import { visualdevApi, type ModelSummary } from '../../api/visualdev.ts';
import { toast } from '../../app/feedback.ts';
import { actionsColumn, ListPage, type ListLook } from '../../components/listPage/index.ts';
import { zipName } from './fileTree.ts';
import { NS } from './messages.ts';
import { PreviewDrawer } from './PreviewDrawer.tsx';
import '../system/common/system.css';

const look: ListLook = { kind: 'system', ns: NS, prefix: '' };
const DEFAULT_AREA = 'system';

type Row = ModelSummary & { categoryName: string };

/**
 * The code generator (spec §7.6 Generater): the released models, each with
 * "preview code" (a drawer with the file tree and the code) and "download"
 * (the same files as a zip), into the module folder chosen above the list.
 */
export default function GeneratorPage() {
  const { t } = useTranslation(NS);
  const [keyword, setKeyword] = useState('');
  const [area, setArea] = useState(DEFAULT_AREA);
  const [previewing, setPreviewing] = useState<Row | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const areas = useQuery({ queryKey: ['generator', 'areas'], queryFn: async () => (await generatorApi.areas()).data });
  const models = useQuery({
    queryKey: ['generator', 'models', keyword],
    queryFn: async () => (await visualdevApi.selector({ keyword })).data.list,
  });
  const rows = useMemo<Row[]>(
    () =>
      (models.data ?? []).flatMap((cat) =>
        (cat.children ?? [])
          .filter((m) => m.state === 1)
          // Model nodes carry an empty children list from the tree: a flat row has none (no expand button).
          .map(({ children: _children, ...m }: ModelSummary & { children?: unknown }) => ({ ...m, categoryName: cat.fullName })),
      ),
    [models.data],
  );

  const download = async (row: Row) => {
    setBusy(row.id);
    try {
      await generatorApi.download(row.id, { area }, zipName(row.enCode));
      toast.success(t('downloaded'));
    } catch {
      /* the http client showed why */
    } finally {
      setBusy(null);
    }
  };

  const columns: ColumnsType<Row> = [
    { title: t('fullName'), dataIndex: 'fullName', width: 200, ellipsis: true },
    { title: t('enCode'), dataIndex: 'enCode', width: 160, render: (v: string) => <span className="ma-sys-code">{v}</span> },
    { title: t('category'), dataIndex: 'categoryName', width: 120 },
    { title: t('tableName'), dataIndex: 'tableName', width: 180, render: (v: string | null) => <span className="ma-sys-code">{v}</span> },
    { title: t('version'), dataIndex: 'version', width: 80, align: 'center', render: (v: number) => <Tag color="green">v{v}</Tag> },
    {
      title: t('releasedAt'),
      dataIndex: 'releasedAt',
      width: 160,
      render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : ''),
    },
    actionsColumn<Row>(look, t('actions'), 200, (row) => ({
      actions: [
        { key: 'preview', label: t('preview'), code: null, testId: 'ma-gen-preview', onClick: () => setPreviewing(row) },
        {
          key: 'download',
          label: t('download'),
          code: null,
          disabled: busy === row.id,
          testId: 'ma-gen-download',
          onClick: () => void download(row),
        },
      ],
    })),
  ];

  return (
    <ListPage<Row>
      look={look}
      testId="ma-generator-page"
      search={{ onSearch: setKeyword }}
      toolbar={
        <>
          <span className="ma-sys-hint">{t('area')}</span>
          <Select
            value={area}
            onChange={setArea}
            style={{ width: 160 }}
            loading={areas.isLoading}
            options={(areas.data ?? [DEFAULT_AREA]).map((a) => ({ value: a, label: a }))}
            aria-label={t('area')}
            data-testid="ma-gen-area"
          />
        </>
      }
      onRefresh={() => void models.refetch()}
      table={{
        loading: models.isFetching,
        dataSource: rows,
        columns,
        scroll: { x: 1100 },
        title: () => <Alert type="info" showIcon title={t('intro')} />,
        pagination: { pageSize: 20, showTotal: (total) => t('total', { total }) },
      }}
    >
      {previewing && (
        <PreviewDrawer
          model={previewing}
          areas={areas.data ?? [DEFAULT_AREA]}
          area={area}
          onClose={() => setPreviewing(null)}
          onDownload={(options) => generatorApi.download(previewing.id, options, zipName(options.moduleName || previewing.enCode))}
        />
      )}
    </ListPage>
  );
}
