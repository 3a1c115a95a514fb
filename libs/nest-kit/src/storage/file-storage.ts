/** Where file bytes live (docs/architecture.md, "Running it": a port with a local default and a real S3 adapter). */
export type FileStorage = {
  readonly name: string;
  put(key: string, bytes: Buffer, mime: string): Promise<void>;
  /** the bytes, or StoredFileMissing when nothing is stored under the key */
  get(key: string): Promise<Buffer>;
  /** deleting a missing key is not an error */
  delete(key: string): Promise<void>;
};

export const FILE_STORAGE = Symbol('FILE_STORAGE');

/** Keys are ours: orga/kind/uuid; anything else (.., absolute paths) never reaches a storage. */
export function assertStorageKey(key: string): void {
  if (!/^[a-z0-9-]+(\/[a-z0-9_.-]+)*$/.test(key) || key.includes('..')) throw new Error(`Invalid storage key "${key}"`);
}

/** The same answer from every storage for a key that holds nothing. */
export class StoredFileMissing extends Error {
  constructor(readonly key: string) {
    super(`Nothing stored under "${key}"`);
    this.name = 'StoredFileMissing';
  }
}
