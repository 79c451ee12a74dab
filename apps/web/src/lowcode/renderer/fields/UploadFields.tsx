import type { FileEntry } from '@medalliance/contract';
import { ChunkUploader, ImageUploader } from '../../../components/upload/index.ts';
import type { FieldProps } from './types.ts';

/** Uploads are arrays of file entries (name, fileId, url, size, extension). */
const files = (v: unknown): FileEntry[] => (Array.isArray(v) ? (v as FileEntry[]) : []);
const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

export function UploadFileField({ field, value, onChange, disabled }: FieldProps) {
  return (
    <ChunkUploader
      value={files(value)}
      onChange={(f) => onChange?.(f)}
      limit={num(field.props?.limit)}
      fileSize={num(field.props?.fileSize)}
      sizeUnit={field.props?.sizeUnit === 'KB' || field.props?.sizeUnit === 'GB' ? field.props.sizeUnit : 'MB'}
      accept={typeof field.props?.accept === 'string' ? field.props.accept : undefined}
      buttonText={typeof field.props?.buttonText === 'string' ? field.props.buttonText : undefined}
      disabled={disabled || field.disabled || field.readonly}
    />
  );
}

export function UploadImgField({ field, value, onChange, disabled }: FieldProps) {
  return (
    <ImageUploader
      value={files(value)}
      onChange={(f) => onChange?.(f)}
      limit={num(field.props?.limit)}
      fileSize={num(field.props?.fileSize)}
      sizeUnit={field.props?.sizeUnit === 'KB' || field.props?.sizeUnit === 'GB' ? field.props.sizeUnit : 'MB'}
      disabled={disabled || field.disabled || field.readonly}
    />
  );
}
