import { detectFileType, zipEntryNames } from './file-type';
import { storedZip } from './zip-fixture';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const PDF = Buffer.from('%PDF-1.7\n%%EOF\n');
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
const CONTENT_TYPES = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

describe('file type by content (spec §9 mime groups)', () => {
  it('R9.04 recognises png, gif, jpeg, pdf and doc by their first bytes', () => {
    expect(detectFileType(PNG)).toBe('png');
    expect(detectFileType(GIF)).toBe('gif');
    expect(detectFileType(JPEG)).toBe('jpg');
    expect(detectFileType(PDF)).toBe('pdf');
    expect(detectFileType(OLE)).toBe('doc');
  });

  it('R9.04 tells docx, xlsx and pptx from a plain zip by [Content_Types].xml and their folders', () => {
    expect(detectFileType(storedZip({ '[Content_Types].xml': CONTENT_TYPES, 'word/document.xml': '<w:document/>' }))).toBe('docx');
    expect(detectFileType(storedZip({ '[Content_Types].xml': CONTENT_TYPES, 'xl/workbook.xml': '<workbook/>' }))).toBe('xlsx');
    expect(detectFileType(storedZip({ '[Content_Types].xml': CONTENT_TYPES, 'ppt/presentation.xml': '<p/>' }))).toBe('pptx');
    expect(detectFileType(storedZip({ 'notes.txt': 'hello' }))).toBe('zip');
    expect(zipEntryNames(storedZip({ a: '1', 'b/c': '2' }))).toEqual(['a', 'b/c']);
  });

  it('R5.10 anything else is unknown, whatever its name would say', () => {
    expect(detectFileType(Buffer.from('just text, named photo.png'))).toBeNull();
    expect(detectFileType(Buffer.alloc(0))).toBeNull();
    expect(detectFileType(Buffer.from([0x89, 0x50, 0x4e]))).toBeNull();
  });
});
