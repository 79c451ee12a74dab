import { useState } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { DeleteOutlined, DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fileExtension, formatFileSize, type FileEntry } from '@medalliance/contract';
import { DocumentPreview } from './DocumentPreview.tsx';
import { downloadFile } from './download.ts';
import { FileIcon } from './fileIcon.tsx';
import { NS } from './messages.ts';

/**
 * Files of a form field or a detail view (spec §2.6): icon by category, name,
 * size in KB / MB / GB with 2 decimals, preview and download, and remove when
 * editable.
 */
export function FileList({
  files,
  onRemove,
  preview = true,
  download = true,
}: {
  files: FileEntry[];
  onRemove?: (file: FileEntry, index: number) => void;
  preview?: boolean;
  download?: boolean;
}) {
  const { t } = useTranslation(NS);
  const [previewing, setPreviewing] = useState<FileEntry | null>(null);
  if (!files.length) return null;
  return (
    <>
      <ul className="ma-file-list">
        {files.map((f, i) => {
          const name = f.fileName ?? f.name;
          return (
            <li key={f.fileId || `${f.name}-${i}`} className="ma-file-list-item" data-file-id={f.fileId}>
              <span className="ma-file-list-icon">
                <FileIcon extension={f.fileExtension || fileExtension(name)} />
              </span>
              <span className="ma-file-list-name" title={name}>
                {name}
              </span>
              <span className="ma-file-list-size">{formatFileSize(Number(f.fileSize))}</span>
              <Space size={0} className="ma-file-list-actions">
                {preview && (
                  <Tooltip title={t('preview')}>
                    <Button type="text" size="small" icon={<EyeOutlined />} aria-label={t('preview')} onClick={() => setPreviewing(f)} />
                  </Tooltip>
                )}
                {download && (
                  <Tooltip title={t('download')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<DownloadOutlined />}
                      aria-label={t('download')}
                      onClick={() => void downloadFile(f.url, name)}
                    />
                  </Tooltip>
                )}
                {onRemove && (
                  <Tooltip title={t('remove')}>
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('remove')}
                      onClick={() => onRemove(f, i)}
                    />
                  </Tooltip>
                )}
              </Space>
            </li>
          );
        })}
      </ul>
      <DocumentPreview file={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}
