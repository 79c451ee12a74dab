/**
 * Tables of the file module. Add interfaces here and list them in
 * FileTables; the Database type picks them up.
 */

/**
 * One stored content, keyed by its MD5: the primary key is the guard that two
 * uploads of the same bytes (in one process or several) keep one copy.
 */
export interface FileBlobTable {
  md5: string;
  fileSize: number;
  /** Key in the FileStore. */
  storageKey: string;
  createdAt: number;
}

/** A file as users see it: a name in a type folder, pointing at a blob. */
export interface FileTable {
  id: string;
  /** Stored name `yyyyMMdd_<id>.<ext>`, unique, used in URLs. */
  name: string;
  /** The user's file name, sanitised. */
  originalName: string;
  fileSize: number;
  fileExtension: string;
  fileVersionId: string;
  md5: string;
  storageKey: string;
  /** Upload type (annex, IM, userAvatar …; contract UPLOAD_TYPES). */
  type: string;
  /** image | video | audio | document */
  category: string;
  contentType: string;
  /** How many business records point at the file; referenced files are never deleted. */
  refCount: number;
  createdBy: string | null;
  createdAt: number;
}

/** A chunked upload in progress; its chunks live under <DATA_DIR>/files/.tmp/<identifier>/. */
export interface FileUploadTable {
  identifier: string;
  totalSize: number;
  chunkSize: number;
  totalChunks: number;
  fileName: string;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
  /** Set while one process merges the upload (a lease, so two processes never merge at once). */
  mergingAt: number | null;
}

export interface FileTables {
  fileBlobs: FileBlobTable;
  files: FileTable;
  fileUploads: FileUploadTable;
}
