/** The uploaders and file display shared by forms, details and screens (spec §2.6). */
export { ChunkUploader, type ChunkUploaderProps } from './ChunkUploader.tsx';
export { ImageUploader, type ImageUploaderProps } from './ImageUploader.tsx';
export { FileList } from './FileList.tsx';
export { DocumentPreview } from './DocumentPreview.tsx';
export { AuthImage } from './AuthImage.tsx';
export { useSignedUrl } from './useSignedUrl.ts';
export { downloadFile } from './download.ts';
export { ImportButton } from './ImportButton.tsx';
