import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Progress, Space, Tag, Tooltip } from 'antd';
import { CaretRightOutlined, CloseOutlined, PauseOutlined, RedoOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CHUNK_UPLOADER_DEFAULT_SIZE,
  fileExtension,
  formatFileSize,
  type AcceptName,
  type FileEntry,
  type FileUnit,
  type UploadType,
} from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { ChunkUploadTask, type UploadItem, type UploadStatus } from './chunkUpload.ts';
import { FileIcon } from './fileIcon.tsx';
import { FileList } from './FileList.tsx';
import { NS } from './messages.ts';
import { acceptOf, checkAccept, checkCount, checkSize } from './uploadRules.ts';
import './upload.css';

export interface ChunkUploaderProps {
  value?: FileEntry[];
  onChange?: (files: FileEntry[]) => void;
  /** At most this many files; 1 is single-file mode (a new file replaces the old). */
  limit?: number;
  /** Size limit per file in `sizeUnit` (spec §5.2: default 5). */
  fileSize?: number;
  sizeUnit?: FileUnit;
  /** Named kinds (image, video, audio, excel, word, pdf, txt) or an accept string. */
  accept?: AcceptName[] | string;
  /** The storage type on the server (annex by default). */
  type?: UploadType;
  disabled?: boolean;
  buttonText?: string;
  /** Show the size tip next to the button. */
  showTip?: boolean;
}

const statusColor: Record<UploadStatus, string> = {
  hashing: 'processing',
  waiting: 'default',
  uploading: 'processing',
  paused: 'warning',
  success: 'success',
  failed: 'error',
};

/**
 * The chunk file uploader (spec §2.6, §4, §5.2, §7.9): add files, MD5 in a
 * worker with a progress bar, 5 MiB chunks 3 at a time with retries, pause,
 * resume (also after a reload: pick the file again and only the missing chunks
 * go), retry and remove; a file the server already has finishes instantly.
 */
export function ChunkUploader({
  value = [],
  onChange,
  limit,
  fileSize = CHUNK_UPLOADER_DEFAULT_SIZE,
  sizeUnit = 'MB',
  accept,
  type = 'annex',
  disabled,
  buttonText,
  showTip = true,
}: ChunkUploaderProps) {
  const { t } = useTranslation(NS);
  const input = useRef<HTMLInputElement>(null);
  const tasks = useRef(new Map<string, ChunkUploadTask>());
  const [items, setItems] = useState<UploadItem[]>([]);
  const valueRef = useRef(value);
  valueRef.current = value;
  const single = limit === 1;
  const acceptText = acceptOf(accept);

  useEffect(() => () => tasks.current.forEach((task) => task.cancel()), []);

  const update = useCallback((item: UploadItem) => {
    setItems((list) => list.map((i) => (i.uid === item.uid ? item : i)));
  }, []);

  const removeItem = useCallback((uid: string) => {
    tasks.current.get(uid)?.cancel();
    tasks.current.delete(uid);
    setItems((list) => list.filter((i) => i.uid !== uid));
  }, []);

  const add = (files: File[]) => {
    if (!files.length) return;
    const active = [...tasks.current.values()].filter((x) => x.item.status !== 'success' && x.item.status !== 'failed').length;
    const count = checkCount(valueRef.current.length + active, files.length, limit);
    if (count) return toast.error(t(count.key, count.values));
    const chosen = single ? files.slice(0, 1) : files;
    for (const file of chosen) {
      const refusal = checkAccept(file, acceptText) ?? checkSize(file.size, fileSize, sizeUnit);
      if (refusal) {
        toast.error(t(refusal.key, refusal.values));
        continue;
      }
      if (single) for (const uid of [...tasks.current.keys()]) removeItem(uid);
      const task = new ChunkUploadTask(file, type, {
        onChange: update,
        onSuccess: (entry, item) => {
          onChange?.(single ? [entry] : [...valueRef.current, entry]);
          valueRef.current = single ? [entry] : [...valueRef.current, entry];
          // The finished file now shows in the list below; its row stays a moment to say how it went.
          setTimeout(() => removeItem(item.uid), item.instant ? 2500 : 1200);
        },
        onError: (message) => toast.error(message),
      });
      tasks.current.set(task.item.uid, task);
      setItems((list) => [...list, { ...task.item }]);
      task.start();
    }
  };

  const remove = (f: FileEntry, index: number) => {
    const next = value.filter((_, i) => i !== index);
    onChange?.(next);
    void f;
  };

  return (
    <div className="ma-upload ma-chunk-uploader">
      <div className="ma-upload-bar">
        <Button icon={<UploadOutlined />} disabled={disabled} onClick={() => input.current?.click()}>
          {buttonText ?? t('selectFile')}
        </Button>
        {showTip && fileSize ? <span className="ma-upload-tip">{t('tip', { size: fileSize, unit: sizeUnit })}</span> : null}
        <input
          ref={input}
          type="file"
          hidden
          multiple={!single}
          accept={acceptText || undefined}
          data-testid="chunk-upload-input"
          onChange={(e) => {
            add(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
      </div>
      {items.length > 0 && (
        <ul className="ma-upload-tasks">
          {items.map((item) => {
            const task = tasks.current.get(item.uid);
            const percent = Math.floor((item.status === 'hashing' ? item.hashProgress : item.progress) * 100);
            return (
              <li
                key={item.uid}
                className={`ma-upload-task is-${item.status}`}
                data-status={item.status}
                data-name={item.name}
                data-progress={Math.floor(item.progress * 100)}
              >
                <FileIcon extension={fileExtension(item.name)} />
                <span className="ma-upload-task-name" title={item.name}>
                  {item.name}
                </span>
                <span className="ma-upload-task-size">{formatFileSize(item.size)}</span>
                <Tag color={statusColor[item.status]}>{t(`status.${item.status}`)}</Tag>
                <Progress
                  percent={percent}
                  size="small"
                  status={
                    item.status === 'failed'
                      ? 'exception'
                      : item.status === 'success'
                        ? 'success'
                        : item.status === 'paused'
                          ? 'normal'
                          : 'active'
                  }
                  strokeColor={item.status === 'hashing' ? '#faad14' : undefined}
                />
                <Space size={0}>
                  {(item.status === 'uploading' || item.status === 'hashing' || item.status === 'waiting') && (
                    <Tooltip title={t('pause')}>
                      <Button size="small" type="text" icon={<PauseOutlined />} aria-label={t('pause')} onClick={() => task?.pause()} />
                    </Tooltip>
                  )}
                  {item.status === 'paused' && (
                    <Tooltip title={t('resume')}>
                      <Button
                        size="small"
                        type="text"
                        icon={<CaretRightOutlined />}
                        aria-label={t('resume')}
                        onClick={() => task?.resume()}
                      />
                    </Tooltip>
                  )}
                  {item.status === 'failed' && (
                    <Tooltip title={t('retry')}>
                      <Button size="small" type="text" icon={<RedoOutlined />} aria-label={t('retry')} onClick={() => task?.retry()} />
                    </Tooltip>
                  )}
                  <Tooltip title={t('remove')}>
                    <Button
                      size="small"
                      type="text"
                      icon={<CloseOutlined />}
                      aria-label={t('remove')}
                      onClick={() => removeItem(item.uid)}
                    />
                  </Tooltip>
                </Space>
                {(item.status === 'hashing' || item.message) && (
                  <span className="ma-upload-task-msg">
                    {item.status === 'hashing' ? t('hashing', { percent: Math.floor(item.hashProgress * 100) }) : item.message}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <FileList files={value} onRemove={disabled ? undefined : remove} />
    </div>
  );
}
