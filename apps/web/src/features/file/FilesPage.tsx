import { useState } from 'react';
import { Button, Card, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, formatFileSize, type FileEntry } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { ChunkUploader } from '../../components/upload/ChunkUploader.tsx';
import { DocumentPreview } from '../../components/upload/DocumentPreview.tsx';
import { ImageUploader } from '../../components/upload/ImageUploader.tsx';
import { downloadFile } from '../../components/upload/download.ts';
import { deleteFile, listMyFiles, type MyFile } from '../../components/upload/fileApi.ts';
import { FileIcon } from '../../components/upload/fileIcon.tsx';
import { NS } from '../../components/upload/messages.ts';

const IMAGE_LIMIT = 9;

/**
 * "My files": where a person tries the uploaders (large files in chunks with
 * pause and resume, pictures with thumbnails) and finds, previews, downloads
 * and deletes what they uploaded.
 */
export default function FilesPage() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const [files, setFiles] = useState<FileEntry[]>([]);
  const [images, setImages] = useState<FileEntry[]>([]);
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE, keyword: '' });
  const [previewing, setPreviewing] = useState<FileEntry | null>(null);
  const list = useQuery({ queryKey: ['file', 'mine', query], queryFn: async () => (await listMyFiles(query)).data });
  const refresh = () => void client.invalidateQueries({ queryKey: ['file', 'mine'] });
  const remove = useMutation({
    mutationFn: (id: string) => deleteFile(id),
    onSuccess: () => {
      toast.success(t('deleted'));
      refresh();
    },
  });

  return (
    <div className="ma-page ma-files-page">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card title={t('uploadFiles')} variant="borderless">
          <Typography.Paragraph type="secondary">{t('filesHint')}</Typography.Paragraph>
          <ChunkUploader
            value={files}
            onChange={(next) => {
              setFiles(next);
              refresh();
            }}
            limit={20}
            fileSize={10}
            sizeUnit="GB"
          />
        </Card>
        <Card title={t('uploadImages')} variant="borderless">
          <Typography.Paragraph type="secondary">{t('imagesHint', { count: IMAGE_LIMIT })}</Typography.Paragraph>
          <ImageUploader
            value={images}
            onChange={(next) => {
              setImages(next);
              refresh();
            }}
            limit={IMAGE_LIMIT}
          />
        </Card>
        <Card
          title={t('myFiles')}
          variant="borderless"
          extra={
            <Space>
              <Input
                allowClear
                placeholder={t('keyword')}
                value={keyword}
                onChange={(e) => setKeyword(e.target.value)}
                onPressEnter={() => setQuery((q) => ({ ...q, currentPage: 1, keyword }))}
              />
              <Button type="primary" onClick={() => setQuery((q) => ({ ...q, currentPage: 1, keyword }))}>
                {t('search')}
              </Button>
              <Button
                onClick={() => {
                  setKeyword('');
                  setQuery((q) => ({ ...q, currentPage: 1, keyword: '' }));
                }}
              >
                {t('reset')}
              </Button>
            </Space>
          }
        >
          <Table<MyFile>
            rowKey="fileId"
            size="middle"
            loading={list.isFetching}
            dataSource={list.data?.list ?? []}
            pagination={{
              current: query.currentPage,
              pageSize: query.pageSize,
              total: list.data?.pagination.total ?? 0,
              showSizeChanger: true,
              showQuickJumper: true,
              pageSizeOptions: PAGE_SIZES.map(String),
              showTotal: (total) => total,
              onChange: (currentPage, pageSize) => setQuery((q) => ({ ...q, currentPage, pageSize })),
            }}
            columns={[
              {
                title: t('name'),
                dataIndex: 'fileName',
                render: (_: unknown, f) => (
                  <Space>
                    <FileIcon extension={f.fileExtension} />
                    <span>{f.fileName ?? f.name}</span>
                    {f.refCount > 0 && <Tag color="blue">{t('referenced')}</Tag>}
                  </Space>
                ),
              },
              { title: t('size'), dataIndex: 'fileSize', width: 120, render: (v: number) => formatFileSize(Number(v)) },
              { title: t('type'), dataIndex: 'type', width: 120 },
              { title: t('time'), dataIndex: 'createdAt', width: 180, render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm') },
              {
                title: t('actions'),
                width: 240,
                render: (_: unknown, f) => (
                  <Space size={0}>
                    <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setPreviewing(f)}>
                      {t('preview')}
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      icon={<DownloadOutlined />}
                      onClick={() => void downloadFile(f.url, f.fileName ?? f.name)}
                    >
                      {t('download')}
                    </Button>
                    <Popconfirm title={t('deleteConfirm')} onConfirm={() => remove.mutate(f.fileId)} disabled={f.refCount > 0}>
                      <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled={f.refCount > 0}>
                        {t('delete')}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      </Space>
      <DocumentPreview file={previewing} onClose={() => setPreviewing(null)} />
    </div>
  );
}
