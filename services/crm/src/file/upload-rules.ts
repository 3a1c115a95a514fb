import { UPLOAD_LIMITS, type FileKind } from '@pawline/domain';
import { detectFileType, MIME_OF, RpcError, type DetectedType } from '@pawline/nest-kit';

/** R5.10 the upload error texts of spec §5 (English), keyed like libs/i18n `errors.*`. */
export const UPLOAD_ERRORS = {
  tooMany: { key: 'errors.uploadTooMany', text: 'Too many files. Limit: ' },
  wrongType: { key: 'errors.uploadWrongType', text: 'File got the wrong file type' },
  tooBig: { key: 'errors.uploadTooBig', text: 'File is too big. Max size: ' },
} as const;

export type UploadProblem = { problem: 'tooMany'; limit: number } | { problem: 'wrongType' } | { problem: 'tooBig'; maxBytes: number };

/** 1048576 → '1 MB', 2097152 → '2 MB' (the limits are whole MiB). */
export function formatMaxSize(bytes: number): string {
  return bytes % 1_048_576 === 0 ? `${bytes / 1_048_576} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** The English text of a problem, as the spec writes it. */
export function uploadProblemText(problem: UploadProblem): string {
  switch (problem.problem) {
    case 'tooMany':
      return `${UPLOAD_ERRORS.tooMany.text}${problem.limit}`;
    case 'wrongType':
      return UPLOAD_ERRORS.wrongType.text;
    case 'tooBig':
      return `${UPLOAD_ERRORS.tooBig.text}${formatMaxSize(problem.maxBytes)}`;
  }
}

/** validation_failed with `fields.file` = the i18n key and params for its placeholders. */
export function uploadError(problem: UploadProblem): RpcError {
  switch (problem.problem) {
    case 'tooMany':
      return new RpcError('validation_failed', {
        fields: { file: UPLOAD_ERRORS.tooMany.key },
        params: { limit: problem.limit, message: uploadProblemText(problem) },
      });
    case 'wrongType':
      return new RpcError('validation_failed', {
        fields: { file: UPLOAD_ERRORS.wrongType.key },
        params: { message: uploadProblemText(problem) },
      });
    case 'tooBig':
      return new RpcError('validation_failed', {
        fields: { file: UPLOAD_ERRORS.tooBig.key },
        params: { size: formatMaxSize(problem.maxBytes), message: uploadProblemText(problem) },
      });
  }
}

/** R9.04 checks before any byte is kept: count of files already stored and the announced size. */
export function checkAnnouncedUpload(kind: FileKind, existingFiles: number, totalSize: number): UploadProblem | null {
  const limits = UPLOAD_LIMITS[kind];
  if (existingFiles >= limits.maxFiles) return { problem: 'tooMany', limit: limits.maxFiles };
  if (totalSize > limits.maxBytes) return { problem: 'tooBig', maxBytes: limits.maxBytes };
  return null;
}

/** R9.04 the whole file: its real size and its type by content against the kind's allowed types. */
export async function checkFileContent(kind: FileKind, bytes: Buffer): Promise<{ type: DetectedType; mime: string } | UploadProblem> {
  const limits = UPLOAD_LIMITS[kind];
  if (bytes.length > limits.maxBytes) return { problem: 'tooBig', maxBytes: limits.maxBytes };
  const type = await detectFileType(bytes);
  const allowed: readonly string[] = limits.extensions;
  if (!type || !allowed.includes(type)) return { problem: 'wrongType' };
  return { type, mime: MIME_OF[type] };
}

export function isUploadProblem(value: unknown): value is UploadProblem {
  return typeof value === 'object' && value !== null && 'problem' in value;
}
