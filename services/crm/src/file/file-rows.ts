import type { CrmFileKind, StoredFile } from '@pawline/contracts';

export type StoredFileRow = {
  id: string;
  orga_id: string;
  store_id: string;
  kind: CrmFileKind;
  owner_id: string;
  customer_id: string;
  file_name: string;
  mime: string;
  size: number;
  storage_key: string;
  thumbnail_key: string | null;
  created_at: Date;
};

export function toStoredFile(row: StoredFileRow): StoredFile {
  return {
    id: row.id,
    orga_id: row.orga_id,
    kind: row.kind,
    owner_id: row.owner_id,
    file_name: row.file_name,
    mime: row.mime,
    size: row.size,
    has_thumbnail: row.thumbnail_key !== null,
    created_at: row.created_at.toISOString(),
  };
}
