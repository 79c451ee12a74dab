import { z } from 'zod';
import type { Language } from './constants.ts';

/**
 * Files (spec §2.6, §4, §5.2, §7.9, §9; server-contract §9): the constants,
 * categories, upload types, request schemas and messages the server and the
 * web uploaders share, so both enforce the same limits with the same words.
 */

/** Size units of spec §9. */
export const FILE_UNITS = { KB: 1024, MB: 1048576, GB: 1073741824 } as const;
export type FileUnit = keyof typeof FILE_UNITS;

/** Chunk size of the chunk protocol (spec §9). */
export const CHUNK_SIZE = 5242880;
/** The MD5 worker reads the file in slices of this many bytes (spec §9). */
export const HASH_SLICE_SIZE = 10240000;
/** Attempts per chunk before the file is marked failed (spec §9). */
export const CHUNK_RETRIES = 5;
/** Chunks in flight per file. */
export const CHUNK_PARALLEL = 3;
/** Smallest and largest chunk size the server accepts from a client. */
export const MIN_CHUNK_SIZE = 1048576;
export const MAX_CHUNK_SIZE = 16777216;
/** Upper bound of chunks per file (10000 × 5 MiB ≈ 48 GiB). */
export const MAX_CHUNKS = 10000;

/** Image limit (spec §5.2, §9). */
export const IMAGE_MAX_BYTES = 10 * FILE_UNITS.MB;
/** Chat image limit: 5242880 bytes, 'image size cannot exceed 5M' (spec §5.2). */
export const IM_IMAGE_MAX_BYTES = 5242880;
/** Client default of the chunk uploader (spec §5.2: 5) and of the file field wrapper (10), in MB. */
export const CHUNK_UPLOADER_DEFAULT_SIZE = 5;
export const UPLOAD_FIELD_DEFAULT_SIZE = 10;

/** File categories by extension (spec §9). */
export const FILE_CATEGORIES = ['image', 'video', 'audio', 'document'] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];

export const FILE_EXTENSIONS: Record<FileCategory, readonly string[]> = {
  // No SVG: it is a script-capable document, not a picture, when opened inline.
  image: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp'],
  video: ['mp4', 'webm', 'ogv', 'mov', 'avi', 'wmv', 'flv', 'mkv', 'm4v', '3gp', 'mpeg', 'mpg'],
  audio: ['mp3', 'wav', 'ogg', 'oga', 'm4a', 'aac', 'flac', 'wma', 'amr'],
  document: [
    'txt',
    'pdf',
    'doc',
    'docx',
    'xls',
    'xlsx',
    'ppt',
    'pptx',
    'csv',
    'rtf',
    'odt',
    'ods',
    'odp',
    'wps',
    'md',
    'xml',
    'json',
    'zip',
    'rar',
    '7z',
    'dcm',
  ],
};

/** The category of an extension (without dot, any case), or null when no category allows it. */
export function fileCategory(extension: string): FileCategory | null {
  const ext = extension.toLowerCase().replace(/^\./, '');
  for (const c of FILE_CATEGORIES) if (FILE_EXTENSIONS[c].includes(ext)) return c;
  return null;
}

/** The extension of a file name, lower case without the dot ('' when none). */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : '';
}

/** Extensions a browser shows in the app (spec §7.9 preview): images, PDF, plain text, audio and video. */
export const PREVIEW_INLINE_EXTENSIONS: readonly string[] = [
  ...FILE_EXTENSIONS.image,
  'pdf',
  'txt',
  'mp4',
  'webm',
  'ogv',
  'm4v',
  'mov',
  'mp3',
  'wav',
  'ogg',
  'oga',
  'm4a',
  'aac',
  'flac',
];

export const canPreviewInline = (extension: string) => PREVIEW_INLINE_EXTENSIONS.includes(extension.toLowerCase());

/** The accept lists of the uploaders (spec §5.2: images, video, audio, excel, word, pdf, txt). */
export const ACCEPT_LISTS = {
  image: 'image/*',
  video: 'video/*',
  audio: 'audio/*',
  excel: '.xls,.xlsx',
  word: '.doc,.docx',
  pdf: '.pdf',
  txt: '.txt',
} as const;
export type AcceptName = keyof typeof ACCEPT_LISTS;

/**
 * Whether a file matches an accept attribute ('image/*', '.pdf', 'application/pdf',
 * comma-joined). An empty accept allows every file.
 */
export function matchesAccept(accept: string, file: { name: string; type?: string }): boolean {
  const items = accept
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (!items.length) return true;
  const ext = fileExtension(file.name);
  const mime = (file.type ?? '').toLowerCase();
  const category = fileCategory(ext);
  return items.some((item) => {
    if (item.startsWith('.')) return item.slice(1) === ext;
    if (item.endsWith('/*')) {
      const major = item.slice(0, -2);
      // Decide by extension first: browsers leave `type` empty for many files.
      return mime.startsWith(`${major}/`) || category === major;
    }
    return mime === item;
  });
}

/**
 * Storage types (server-contract §9). They name the folder a file belongs to and
 * appear in its URL, so the server accepts these and nothing else.
 */
export const UPLOAD_TYPES = [
  'annex',
  'annexpic',
  'workFlow',
  'userAvatar',
  'mail',
  'IM',
  'document',
  'preview',
  'template',
  'import',
] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

export const isUploadType = (t: unknown): t is UploadType => typeof t === 'string' && (UPLOAD_TYPES as readonly string[]).includes(t);

/** Which categories each type takes: pictures only for avatars, chat and picture fields; spreadsheets for imports. */
export function typeCategories(type: UploadType): readonly FileCategory[] {
  if (type === 'userAvatar' || type === 'IM' || type === 'annexpic') return ['image'];
  if (type === 'import') return ['document'];
  return FILE_CATEGORIES;
}

/** A file as the upload calls answer it and forms store it (spec §3 "File entry"; server-contract §3.2). */
export interface FileEntry {
  name: string;
  fileId: string;
  fileSize: number;
  fileExtension: string;
  fileVersionId: string;
  url: string;
  /** The name the user gave the file. */
  fileName?: string;
}

/** Answer of the chunk check and of each chunk (simple-uploader style). */
export interface ChunkStatus {
  /** A complete file with this content already exists: nothing needs sending (instant upload). */
  uploaded: boolean;
  chunkNumbers: number[];
  merge: boolean;
}

/** A size with its unit, as the messages print it: 5242880 → { size: 5, unit: 'MB' }. */
export function sizeWithUnit(bytes: number): { size: number; unit: FileUnit } {
  if (bytes >= FILE_UNITS.GB && bytes % FILE_UNITS.GB === 0) return { size: bytes / FILE_UNITS.GB, unit: 'GB' };
  if (bytes >= FILE_UNITS.MB) return { size: Math.round((bytes / FILE_UNITS.MB) * 100) / 100, unit: 'MB' };
  return { size: Math.round((bytes / FILE_UNITS.KB) * 100) / 100, unit: 'KB' };
}

const md5Identifier = z
  .string()
  .regex(/^[a-fA-F0-9]{32}$/, 'rules.fileIdentifier')
  .transform((s) => s.toLowerCase());
const count = (max: number) => z.coerce.number().int().min(1).max(max);
const size = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const optionalText = (max: number) => z.string().max(max).optional();

/** Fields of the chunk check (GET) and of each chunk (POST); `filename` is simple-uploader's spelling. */
export const chunkFields = z
  .object({
    identifier: md5Identifier,
    chunkNumber: count(MAX_CHUNKS).optional(),
    totalChunks: count(MAX_CHUNKS),
    chunkSize: z.coerce.number().int().min(MIN_CHUNK_SIZE).max(MAX_CHUNK_SIZE).default(CHUNK_SIZE),
    currentChunkSize: size.optional(),
    totalSize: size,
    fileName: z.string().max(1000).optional(),
    filename: z.string().max(1000).optional(),
    relativePath: optionalText(2000),
    type: z.string().max(40).optional().default('annex'),
    extension: optionalText(40),
    fileType: optionalText(200),
    parentId: optionalText(40),
  })
  .transform(({ fileName, filename, ...rest }) => ({ ...rest, fileName: fileName ?? filename ?? '' }));
export type ChunkFields = z.output<typeof chunkFields>;

/** POST /api/file/merge (form-data). */
export const mergeFields = z
  .object({
    identifier: md5Identifier,
    fileName: z.string().max(1000).optional(),
    filename: z.string().max(1000).optional(),
    fileSize: size.optional(),
    totalSize: size.optional(),
    fileType: optionalText(200),
    extension: optionalText(40),
    type: z.string().max(40).optional().default('annex'),
    parentId: optionalText(40),
  })
  .transform(({ fileName, filename, fileSize, totalSize, ...rest }) => ({
    ...rest,
    fileName: fileName ?? filename ?? '',
    fileSize: fileSize ?? totalSize,
  }));
export type MergeFields = z.output<typeof mergeFields>;

/** GET /api/file/Uploader/Preview (spec §7.9). */
export const previewQuery = z.object({
  fileName: z.string().max(1000).optional(),
  fileVersionId: z.string().max(40).optional(),
  fileDownloadUrl: z.string().max(2000).optional(),
});

/**
 * Upload messages of spec §5.2 and §8, shared by the server's answers and the
 * web uploaders' own checks.
 */
export const fileMessages: Record<Language, Record<string, string>> = {
  zh: {
    'file.sizeExceeds': '文件大小超过{size}{unit}',
    'file.typeNotAllowed': '请选择该类型的文件',
    'file.countLimit': '当前限制最多可以上传{count}个文件',
    'file.imageSizeExceeds': '图片大小超过{size}{unit}',
    'file.imageOnly': '请上传图片',
    'file.imageCountLimit': '最多上传{count}张图片',
    'file.imImageLimit': '图片大小不能超过5M',
    'file.uploadFailed': '上传失败',
    'file.readError': '文件读取出错，请检查该文件',
    'file.notExist': '文件不存在',
    'rules.fileIdentifier': '文件标识必须是文件内容的 MD5',
    'file.badName': '文件名不合法',
    'file.badType': '不支持的文件类别',
    'file.badChunk': '分片大小不正确',
    'file.chunksMissing': '文件分片不完整，请重新上传',
    'file.md5Mismatch': '文件校验失败，请重新上传',
    'file.busy': '该文件正在由其他上传合并，请稍后重试',
    'file.noFile': '请选择要上传的文件',
    'file.linkExpired': '链接已过期',
    'file.linkInvalid': '链接无效',
    'file.referenced': '文件正在被业务数据使用，不能删除',
    'file.uploaded': '上传成功',
    'file.imported': '导入成功',
    'file.rangeNotSatisfiable': '请求的范围超出文件大小',
  },
  zhtw: {
    'file.sizeExceeds': '檔案大小超過{size}{unit}',
    'file.typeNotAllowed': '請選擇該類型的檔案',
    'file.countLimit': '當前限制最多可以上傳{count}個檔案',
    'file.imageSizeExceeds': '圖片大小超過{size}{unit}',
    'file.imageOnly': '請上傳圖片',
    'file.imageCountLimit': '最多上傳{count}張圖片',
    'file.imImageLimit': '圖片大小不能超過5M',
    'file.uploadFailed': '上傳失敗',
    'file.readError': '檔案讀取出錯，請檢查該檔案',
    'file.notExist': '檔案不存在',
    'rules.fileIdentifier': '檔案標識必須是檔案內容的 MD5',
    'file.badName': '檔案名不合法',
    'file.badType': '不支持的檔案類別',
    'file.badChunk': '分片大小不正確',
    'file.chunksMissing': '檔案分片不完整，請重新上傳',
    'file.md5Mismatch': '檔案校驗失敗，請重新上傳',
    'file.busy': '該檔案正在由其他上傳合併，請稍後重試',
    'file.noFile': '請選擇要上傳的檔案',
    'file.linkExpired': '連結已過期',
    'file.linkInvalid': '連結無效',
    'file.referenced': '檔案正在被業務數據使用，不能刪除',
    'file.uploaded': '上傳成功',
    'file.imported': '導入成功',
    'file.rangeNotSatisfiable': '請求的範圍超出檔案大小',
  },
  en: {
    'file.sizeExceeds': 'File size exceeds {size}{unit}',
    'file.typeNotAllowed': 'Please choose a file of that type',
    'file.countLimit': 'The current limit is at most {count} files',
    'file.imageSizeExceeds': 'Image size exceeds {size}{unit}',
    'file.imageOnly': 'Please upload an image',
    'file.imageCountLimit': 'At most {count} images',
    'file.imImageLimit': 'Image size cannot exceed 5M',
    'file.uploadFailed': 'Upload failed',
    'file.readError': 'The file could not be read, please check it',
    'file.notExist': 'File does not exist',
    'rules.fileIdentifier': 'The file identifier must be the MD5 of its content',
    'file.badName': 'Invalid file name',
    'file.badType': 'Unsupported file type',
    'file.badChunk': 'Wrong chunk size',
    'file.chunksMissing': 'Some chunks of the file are missing, please upload again',
    'file.md5Mismatch': 'The file failed its checksum, please upload again',
    'file.busy': 'Another upload is merging this file, please retry shortly',
    'file.noFile': 'Please choose a file to upload',
    'file.linkExpired': 'The link has expired',
    'file.linkInvalid': 'Invalid link',
    'file.referenced': 'The file is used by business records and cannot be deleted',
    'file.uploaded': 'Uploaded',
    'file.imported': 'Imported',
    'file.rangeNotSatisfiable': 'The requested range is beyond the end of the file',
  },
};
