import { useEffect, useMemo, useState } from 'react';
import { Button, Drawer, Empty, Form, Input, Select, Space, Spin, Tree } from 'antd';
import { CopyOutlined, DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GENERATOR_NAME, GENERATOR_TABLE } from '@medalliance/contract';
import { generatorApi, type CodeGenOptions } from '../../api/generator.ts';
import type { ModelSummary } from '../../api/visualdev.ts';
import { toast } from '../../app/feedback.ts';
import { fileTree, folderKeys } from './fileTree.ts';
import { NS } from './messages.ts';
import './generator.css';

interface Props {
  model: Pick<ModelSummary, 'id' | 'fullName' | 'enCode'>;
  areas: string[];
  area: string;
  onClose: () => void;
  onDownload: (options: CodeGenOptions) => Promise<void>;
}

/**
 * The generated files of one model: the options (module folder, module and
 * table name) on top, the file tree on the left, the chosen file's code on
 * the right with a copy button. Plain monospace text: no editor to load.
 */
export function PreviewDrawer({ model, areas, area, onClose, onDownload }: Props) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<CodeGenOptions>();
  const [options, setOptions] = useState<CodeGenOptions>({ area });
  const [selected, setSelected] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  const files = useQuery({
    queryKey: ['generator', 'preview', model.id, options],
    queryFn: async () => (await generatorApi.preview(model.id, options)).data.list,
    retry: false,
  });
  const tree = useMemo(() => fileTree(files.data ?? []), [files.data]);
  const current = files.data?.find((f) => f.path === selected) ?? files.data?.find((f) => f.path.endsWith('Page.tsx')) ?? files.data?.[0];

  useEffect(() => {
    if (files.data && !files.data.some((f) => f.path === selected)) setSelected(null);
  }, [files.data, selected]);

  const copy = async () => {
    if (!current) return;
    try {
      await navigator.clipboard.writeText(current.content);
      toast.success(t('copied'));
    } catch {
      toast.error(t('copyFailed'));
    }
  };

  const download = async () => {
    setDownloading(true);
    try {
      await onDownload(options);
      toast.success(t('downloaded'));
    } catch {
      /* the http client showed why */
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Drawer
      open
      size={1200}
      title={t('previewTitle', { name: model.fullName })}
      onClose={onClose}
      rootClassName="ma-gen-drawer"
      extra={
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          loading={downloading}
          onClick={() => void download()}
          data-testid="ma-gen-drawer-download"
        >
          {t('download')}
        </Button>
      }
    >
      <Form<CodeGenOptions>
        form={form}
        layout="inline"
        initialValues={{ area, moduleName: '', tableName: '' }}
        onFinish={(values) =>
          setOptions({
            area: values.area,
            moduleName: values.moduleName?.trim() || undefined,
            tableName: values.tableName?.trim() || undefined,
          })
        }
        className="ma-gen-options"
      >
        <Form.Item name="area" label={t('area')}>
          <Select style={{ width: 150 }} options={areas.map((a) => ({ value: a, label: a }))} />
        </Form.Item>
        <Form.Item name="moduleName" label={t('moduleName')} rules={[{ pattern: GENERATOR_NAME, message: t('nameRule') }]}>
          <Input placeholder={t('moduleNameHint')} style={{ width: 180 }} allowClear />
        </Form.Item>
        <Form.Item name="tableName" label={t('newTableName')} rules={[{ pattern: GENERATOR_TABLE, message: t('tableRule') }]}>
          <Input placeholder={t('tableNameHint')} style={{ width: 200 }} allowClear />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" icon={<ReloadOutlined />}>
            {t('regenerate')}
          </Button>
        </Form.Item>
      </Form>
      <div className="ma-gen-split">
        <aside className="ma-gen-files" data-testid="ma-gen-files">
          <div className="ma-gen-files-head">{t('files', { count: files.data?.length ?? 0 })}</div>
          {files.isFetching && !files.data ? (
            <Spin />
          ) : (
            <Tree
              showLine
              blockNode
              treeData={tree}
              expandedKeys={folderKeys(tree)}
              selectedKeys={current ? [current.path] : []}
              titleRender={(node) => (
                <span
                  className={node.key === current?.path ? 'ma-gen-file-current' : undefined}
                  data-testid={node.isLeaf ? 'ma-gen-file' : undefined}
                >
                  {String(node.title)}
                </span>
              )}
              onSelect={(keys, info) => {
                if (info.node.isLeaf) setSelected(String(keys[0]));
              }}
            />
          )}
        </aside>
        <section className="ma-gen-code">
          {current ? (
            <>
              <div className="ma-gen-code-head">
                <span className="ma-gen-path" data-testid="ma-gen-path">
                  {current.path}
                </span>
                <Space>
                  <span className="ma-gen-meta">{t('lines', { count: current.content.split('\n').length })}</span>
                  <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="ma-gen-copy">
                    {t('copy')}
                  </Button>
                </Space>
              </div>
              <pre className="ma-gen-pre" data-testid="ma-gen-code">
                <code>{current.content}</code>
              </pre>
            </>
          ) : (
            !files.isFetching && <Empty description={files.isError ? null : t('noData')} />
          )}
        </section>
      </div>
    </Drawer>
  );
}
