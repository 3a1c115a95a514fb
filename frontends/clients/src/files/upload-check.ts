import { UPLOAD_LIMITS } from '@pawline/domain';

export type CrmUploadKind = 'customer_privacy' | 'pet_image' | 'vaccination_proof';

/** Message key (libs/i18n errors namespace) and its parameters. */
export type UploadProblem =
  | { key: 'errors.uploadTooMany'; params: { limit: number } }
  | { key: 'errors.uploadWrongType' }
  | { key: 'errors.uploadTooBig'; params: { size: string } };

const MIME_BY_EXTENSION: Record<string, readonly string[]> = {
  jpg: ['image/jpeg'],
  png: ['image/png'],
  pdf: ['application/pdf'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
};

/** 1048576 → '1 MB', 2097152 → '2 MB' (the spec's texts). */
export function sizeLabel(bytes: number): string {
  return `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  const ext = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  return ext === 'jpeg' ? 'jpg' : ext;
}

/**
 * R5.10 R9.04 checks a file before it is sent, so the user hears at once what the server
 * would answer. The server decides by content (magic bytes); this checks name and type.
 */
export function checkUpload(
  kind: CrmUploadKind,
  file: { name: string; type: string; size: number },
  existingCount: number,
): UploadProblem | null {
  const limits = UPLOAD_LIMITS[kind];
  if (existingCount >= limits.maxFiles) return { key: 'errors.uploadTooMany', params: { limit: limits.maxFiles } };
  const allowed = limits.extensions as readonly string[];
  const ext = extensionOf(file.name);
  const mimeOk = file.type === '' || allowed.some((e) => (MIME_BY_EXTENSION[e] ?? []).includes(file.type));
  if (!allowed.includes(ext) || !mimeOk) return { key: 'errors.uploadWrongType' };
  if (file.size > limits.maxBytes) return { key: 'errors.uploadTooBig', params: { size: sizeLabel(limits.maxBytes) } };
  return null;
}

export function acceptAttribute(kind: CrmUploadKind): string {
  return (UPLOAD_LIMITS[kind].extensions as readonly string[]).flatMap((ext) => [`.${ext}`, ...(MIME_BY_EXTENSION[ext] ?? [])]).join(',');
}
