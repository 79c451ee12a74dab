import { IM_IMAGE_MAX_BYTES, IMAGE_MAX_BYTES, sizeWithUnit, type FileCategory, type UploadType } from '@medalliance/contract';
import { badRequest } from '../../http/errors.ts';
import type { FileSettings } from './settings.ts';

/** The size limit of an upload and the spec §5.2 message that refuses it. */
export function sizeLimit(type: UploadType, category: FileCategory, settings: FileSettings, single: boolean) {
  if (type === 'IM') return { max: IM_IMAGE_MAX_BYTES, key: 'file.imImageLimit' };
  if (category === 'image') return { max: IMAGE_MAX_BYTES, key: 'file.imageSizeExceeds' };
  return { max: single ? Math.min(settings.singleMaxBytes, settings.maxBytes) : settings.maxBytes, key: 'file.sizeExceeds' };
}

export function refuseSize(limit: { max: number; key: string }): never {
  const { size, unit } = sizeWithUnit(limit.max);
  throw badRequest(limit.key, { size, unit });
}

export function checkSize(bytes: number, limit: { max: number; key: string }): void {
  if (bytes > limit.max) refuseSize(limit);
}
