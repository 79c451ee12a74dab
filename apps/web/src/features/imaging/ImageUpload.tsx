import { useRef } from 'react';
import { Alert, Button, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatFileSize, IMAGING_EXTENSIONS, type FileEntry, type ImagingStudyDetail } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { ChunkUploader } from '../../components/upload/index.ts';
import { imagingApi } from './api.ts';
import { NS } from './messages.ts';
import './messages.ts';

const ACCEPT = Object.values(IMAGING_EXTENSIONS)
  .flat()
  .map((e) => `.${e}`)
  .join(',');

/**
 * The applying unit's image upload: the files module's chunked uploader
 * (MD5, resumable, instant for known files), each finished file then added
 * to the study (the server reads a DICOM file's UIDs from its header and
 * refuses what is not DICOM, JPEG, PNG or MP4); images may be removed while
 * the study is not yet with the centre.
 */
export function ImageUpload({ study }: { study: ImagingStudyDetail }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const api = imagingApi(study.centre);
  const attached = useRef(new Set<string>());
  const refresh = () => qc.invalidateQueries({ queryKey: ['imaging', study.centre] });

  const onChange = async (files: FileEntry[]) => {
    for (const f of files) {
      if (attached.current.has(f.fileId)) continue;
      attached.current.add(f.fileId);
      try {
        await api.attach(study.id, f.fileId);
        toast.success(t('upload.attached', { name: f.fileName ?? f.name }));
      } catch {
        // The server said why (toast); the same file may be chosen again.
        attached.current.delete(f.fileId);
      }
    }
    await refresh();
  };

  return (
    <div data-testid="img-upload">
      <Alert type="info" showIcon message={t('upload.hint')} style={{ marginBottom: 8 }} />
      <ChunkUploader
        value={[]}
        onChange={(f) => void onChange(f)}
        accept={ACCEPT}
        fileSize={500}
        sizeUnit="MB"
        buttonText={t('upload.button')}
      />
      {study.canEdit && study.images.length ? (
        <List
          size="small"
          style={{ marginTop: 8 }}
          dataSource={study.images}
          renderItem={(im) => (
            <List.Item
              actions={[
                <Popconfirm
                  key="rm"
                  title={t('upload.removeConfirm')}
                  okText={t('confirm.ok')}
                  cancelText={t('confirm.no')}
                  onConfirm={async () => {
                    await api.detach(study.id, im.id);
                    await refresh();
                  }}
                >
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('upload.remove')} />
                </Popconfirm>,
              ]}
            >
              <Space>
                <Tag>{im.kind === 'dicom' ? (im.modality ?? 'DICOM') : im.extension.toUpperCase()}</Tag>
                <Typography.Text>{im.name}</Typography.Text>
                <Typography.Text type="secondary">{formatFileSize(im.size)}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      ) : null}
    </div>
  );
}
