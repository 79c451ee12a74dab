import { CHAT_IMAGE_MAX_BYTES, fileCategory, fileExtension } from '@medalliance/contract';

/**
 * The chat image rules of spec §5/§6, checked before anything is uploaded
 * (the server's IM upload type checks them again): one file at a time, images
 * only, under 5 MB (5242880 bytes). Answers the message key of the refusal, or null.
 */
export function refuseImages(
  files: readonly { name: string; size: number; type?: string }[],
): 'oneImage' | 'imageOnly' | 'imageTooBig' | null {
  if (files.length !== 1) return files.length ? 'oneImage' : null;
  const file = files[0]!;
  const byType = file.type ? file.type.startsWith('image/') : true;
  if (!byType || fileCategory(fileExtension(file.name)) !== 'image') return 'imageOnly';
  if (file.size > CHAT_IMAGE_MAX_BYTES) return 'imageTooBig';
  return null;
}
