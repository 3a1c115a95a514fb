export { FILE_STORAGE, StoredFileMissing, assertStorageKey, type FileStorage } from './file-storage';
export { LocalDiskStorage } from './local-disk.storage';
export { S3Storage, type S3Options } from './s3.storage';
export { fileStorageFrom, missingS3Settings, s3ConfigFields, type S3Config } from './storage-config';
export { MIME_OF, compoundFileStreams, detectFileType, type DetectedType } from './content-type';
export { deleteStoredFiles } from './delete-stored-files';
