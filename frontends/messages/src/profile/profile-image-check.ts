import { UPLOAD_LIMITS } from '@pawline/domain';

// R5.10 R9.04: the WhatsApp profile image is 1 file, jpg or png, at most 1048576 bytes.
const LIMITS = UPLOAD_LIMITS.whatsapp_profile;
const MIME: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png' };

export type ImageProblem =
  | { key: 'errors.uploadTooMany'; params: { limit: number } }
  | { key: 'errors.uploadWrongType' }
  | { key: 'errors.uploadTooBig'; params: { size: string } };

/** 1048576 → '1 MB' (the spec's text). */
export function sizeLabel(bytes: number): string {
  return `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;
}

/**
 * Checks an image before it is sent, so the user hears at once what the server would answer
 * (the server decides by content). `existing` is the number of images already stored.
 */
export function checkProfileImage(file: { name: string; type: string; size: number }, existing: number): ImageProblem | null {
  if (existing >= LIMITS.maxFiles) return { key: 'errors.uploadTooMany', params: { limit: LIMITS.maxFiles } };
  const dot = file.name.lastIndexOf('.');
  const raw = dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  const ext = raw === 'jpeg' ? 'jpg' : raw;
  const allowed = LIMITS.extensions as readonly string[];
  if (!allowed.includes(ext) || (file.type !== '' && file.type !== MIME[ext])) return { key: 'errors.uploadWrongType' };
  if (file.size > LIMITS.maxBytes) return { key: 'errors.uploadTooBig', params: { size: sizeLabel(LIMITS.maxBytes) } };
  return null;
}

export const PROFILE_IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';
