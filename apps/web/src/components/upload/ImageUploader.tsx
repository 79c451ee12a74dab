import { useRef, useState } from 'react';
import { Button, Progress } from 'antd';
import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UPLOAD_FIELD_DEFAULT_SIZE, type FileEntry, type FileUnit, type UploadType } from '@medalliance/contract';
import { toast } from '../../app/feedback.ts';
import { AuthImage } from './AuthImage.tsx';
import { DocumentPreview } from './DocumentPreview.tsx';
import { postForm } from './fileApi.ts';
import { NS } from './messages.ts';
import { checkCount, checkSize, isImage } from './uploadRules.ts';
import './upload.css';

export interface ImageUploaderProps {
  value?: FileEntry[];
  onChange?: (files: FileEntry[]) => void;
  /** At most this many images ('at most N images'). */
  limit?: number;
  /** Size limit per image in `sizeUnit` (spec §5.2: default 10 MB). */
  fileSize?: number;
  sizeUnit?: FileUnit;
  /** Storage type: annexpic by default; IM for chat, userAvatar for avatars. */
  type?: UploadType;
  disabled?: boolean;
}

/**
 * The image uploader (spec §2.6, §5.2): thumbnails, preview, remove; only
 * images, size and count limits with the spec's messages; each picture goes up
 * in one request (`/api/file/Uploader/{type}`), a failure shows the server's msg.
 */
export function ImageUploader({
  value = [],
  onChange,
  limit,
  fileSize = UPLOAD_FIELD_DEFAULT_SIZE,
  sizeUnit = 'MB',
  type = 'annexpic',
  disabled,
}: ImageUploaderProps) {
  const { t } = useTranslation(NS);
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<{ uid: string; name: string; percent: number }[]>([]);
  const [previewing, setPreviewing] = useState<FileEntry | null>(null);
  const valueRef = useRef(value);
  valueRef.current = value;

  const add = async (files: File[]) => {
    if (!files.length) return;
    const count = checkCount(
      valueRef.current.length + uploading.length,
      files.length,
      limit && limit > 1 ? limit : undefined,
      'file.imageCountLimit',
    );
    if (count || (limit === 1 && files.length > 1)) return toast.error(t('file.imageCountLimit', { count: limit ?? 1 }));
    for (const file of files) {
      if (!isImage(file)) {
        toast.error(t('file.imageOnly'));
        continue;
      }
      const tooBig = checkSize(file.size, fileSize, sizeUnit, 'file.imageSizeExceeds');
      if (tooBig) {
        toast.error(t(tooBig.key, tooBig.values));
        continue;
      }
      const uid = `${Date.now()}-${Math.random()}`;
      setUploading((u) => [...u, { uid, name: file.name, percent: 0 }]);
      const form = new FormData();
      form.append('file', file, file.name);
      const job = postForm<FileEntry>(`/api/file/Uploader/${type}`, form, (loaded, total) =>
        setUploading((u) => u.map((x) => (x.uid === uid ? { ...x, percent: Math.floor((loaded / (total || 1)) * 100) } : x))),
      );
      try {
        const res = await job.promise;
        if (res.body?.code === 200) {
          const next = limit === 1 ? [res.body.data] : [...valueRef.current, res.body.data];
          valueRef.current = next;
          onChange?.(next);
        } else {
          toast.error(res.body?.msg || t('file.uploadFailed'));
        }
      } catch {
        /* aborted */
      } finally {
        setUploading((u) => u.filter((x) => x.uid !== uid));
      }
    }
  };

  const full = !!limit && limit > 1 && value.length + uploading.length >= limit;
  return (
    <div className="ma-image-upload">
      {value.map((f, i) => (
        <div key={f.fileId || f.url} className="ma-image-upload-item" data-file-id={f.fileId}>
          <AuthImage src={f.url} alt={f.fileName ?? f.name} className="ma-image-thumb" />
          <div className="ma-image-upload-mask">
            <Button type="text" size="small" icon={<EyeOutlined />} aria-label={t('preview')} onClick={() => setPreviewing(f)} />
            {!disabled && (
              <Button
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('remove')}
                onClick={() => onChange?.(value.filter((_, j) => j !== i))}
              />
            )}
          </div>
        </div>
      ))}
      {uploading.map((u) => (
        <div key={u.uid} className="ma-image-upload-item">
          <Progress type="circle" percent={u.percent} size={56} />
        </div>
      ))}
      {!disabled && !full && (
        <button type="button" className="ma-image-upload-add" onClick={() => input.current?.click()}>
          <PlusOutlined />
          <span>{t('selectImage')}</span>
        </button>
      )}
      <input
        ref={input}
        type="file"
        hidden
        accept="image/*"
        multiple={limit !== 1}
        data-testid="image-upload-input"
        onChange={(e) => {
          void add(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      <DocumentPreview file={previewing} onClose={() => setPreviewing(null)} />
    </div>
  );
}
