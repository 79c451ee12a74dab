import { fileCategory, fileExtension, isUploadType, typeCategories, type FileCategory, type UploadType } from '@medalliance/contract';
import { badRequest } from '../../http/errors.ts';

/**
 * Every name that reaches the disk or a URL is checked here: upload types come
 * from a whitelist, stored names have one exact shape, user file names lose
 * nothing but are refused when they carry a path, a NUL or control characters.
 */
export function uploadType(value: unknown): UploadType {
  if (!isUploadType(value)) throw badRequest('file.badType');
  return value;
}

/** The user's file name, sanitised: no path, no control characters, no characters Windows forbids. */
export function userFileName(raw: string): string {
  const name = raw.normalize('NFC').trim();
  if (
    !name ||
    name.length > 200 ||
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    /[\\/\u0000-\u001f\u007f]/.test(name) ||
    /^\.+$/.test(name) ||
    /%(2e|2f|5c|00)/i.test(name)
  ) {
    throw badRequest('file.badName');
  }
  return name.replace(/[<>:"|?*]/g, '_');
}

/** Name, extension and category of an upload of `type`, or the spec's refusal. */
export function checkUploadName(type: UploadType, raw: string, declaredExtension?: string) {
  const originalName = userFileName(raw);
  const extension = fileExtension(originalName);
  if (declaredExtension && declaredExtension.replace(/^\./, '').toLowerCase() !== extension) throw badRequest('file.typeNotAllowed');
  const category = fileCategory(extension);
  if (!category || !typeCategories(type).includes(category)) {
    throw badRequest(typeCategories(type).length === 1 && typeCategories(type)[0] === 'image' ? 'file.imageOnly' : 'file.typeNotAllowed');
  }
  return { originalName, extension, category: category as FileCategory };
}

const STORED = /^\d{8}_\d{1,20}\.[a-z0-9]{1,10}$/;

/** A stored name from a URL (`yyyyMMdd_<id>.ext`; the old client sends '@' for '.'). */
export function storedName(raw: string): string {
  const name = String(raw ?? '').replace(/@/g, '.');
  if (!STORED.test(name)) throw badRequest('file.badName');
  return name;
}

export const isStoredName = (name: string) => STORED.test(name);

/** `yyyyMMdd_<id>.<ext>`, the stored-name shape of server-contract §9. */
export function newStoredName(id: string, extension: string, now = new Date()): string {
  const d = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}${String(now.getUTCDate()).padStart(2, '0')}`;
  return `${d}_${id}.${extension}`;
}
