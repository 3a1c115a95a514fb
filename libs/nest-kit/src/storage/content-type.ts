import type { fileTypeFromBuffer as FileTypeFromBuffer } from 'file-type';

/**
 * File types recognised by their bytes, never by their name (spec §9 mime groups: png and gif,
 * jpeg, doc, docx, xls, xlsx, ppt, pptx, pdf, zip). The magic bytes and the Office Open XML
 * packages are read by `file-type`; it names every OLE2 compound file `cfb`, so the one thing
 * kept here is telling .doc, .xls and .ppt apart by the streams in the compound file's directory.
 */
export type DetectedType = 'png' | 'gif' | 'jpg' | 'pdf' | 'doc' | 'docx' | 'xls' | 'xlsx' | 'ppt' | 'pptx' | 'zip';

export const MIME_OF: Record<DetectedType, string> = {
  png: 'image/png',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
};

/** file-type's extension → ours; anything it names that is not here is not a type we accept. */
const FROM_FILE_TYPE: Record<string, DetectedType> = {
  png: 'png',
  gif: 'gif',
  jpg: 'jpg',
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  zip: 'zip',
};

let parser: Promise<typeof FileTypeFromBuffer> | undefined;

/** file-type is ESM only: loaded once, on first use, so services that never sniff never load it. */
function fileTypeFromBuffer(bytes: Uint8Array): ReturnType<typeof FileTypeFromBuffer> {
  parser ??= import('file-type').then((module) => module.fileTypeFromBuffer);
  return parser.then((parse) => parse(bytes));
}

export async function detectFileType(bytes: Buffer): Promise<DetectedType | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return null;
  if (found.ext === 'cfb') return compoundFileType(bytes);
  return FROM_FILE_TYPE[found.ext] ?? null;
}

/** The stream that makes an OLE2 compound file a Word, Excel or PowerPoint 97-2003 document. */
const MAIN_STREAMS: Record<string, DetectedType> = {
  WordDocument: 'doc',
  Workbook: 'xls',
  Book: 'xls',
  'PowerPoint Document': 'ppt',
};

const END_OF_CHAIN = 0xfffffffe;

/**
 * [MS-CFB]: the header gives the sector size, the first FAT sectors (DIFAT, 109 in the header,
 * enough for files up to ~7 MB with 512-byte sectors — far above our 2 MiB limit) and the first
 * directory sector; the directory is a chain of 128-byte entries whose names are UTF-16LE.
 */
export function compoundFileStreams(bytes: Buffer): string[] {
  if (bytes.length < 512) return [];
  const sectorSize = 1 << bytes.readUInt16LE(0x1e);
  if (sectorSize !== 512 && sectorSize !== 4096) return [];
  const sectorAt = (n: number): number => (n + 1) * sectorSize;
  const fat: number[] = [];
  for (let i = 0; i < 109; i++) {
    const fatSector = bytes.readUInt32LE(0x4c + i * 4);
    if (fatSector >= END_OF_CHAIN) break;
    const start = sectorAt(fatSector);
    for (let at = start; at + 4 <= Math.min(start + sectorSize, bytes.length); at += 4) fat.push(bytes.readUInt32LE(at));
  }
  const names: string[] = [];
  const seen = new Set<number>();
  for (let sector = bytes.readUInt32LE(0x30); sector < END_OF_CHAIN && !seen.has(sector); sector = fat[sector] ?? END_OF_CHAIN) {
    seen.add(sector);
    const start = sectorAt(sector);
    for (let entry = start; entry + 128 <= Math.min(start + sectorSize, bytes.length); entry += 128) {
      const nameBytes = bytes.readUInt16LE(entry + 0x40);
      // object type 2 = stream
      if (nameBytes >= 2 && nameBytes <= 64 && bytes[entry + 0x42] === 2) {
        names.push(bytes.subarray(entry, entry + nameBytes - 2).toString('utf16le'));
      }
    }
  }
  return names;
}

function compoundFileType(bytes: Buffer): DetectedType | null {
  for (const name of compoundFileStreams(bytes)) {
    const type = MAIN_STREAMS[name];
    if (type) return type;
  }
  return null;
}
