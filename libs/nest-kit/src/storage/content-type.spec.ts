import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compoundFileStreams, detectFileType } from './content-type';

/** Real files: Office documents from file-type's own fixtures (MIT, see fixtures/LICENSE-file-type-fixtures), images made by sharp. */
const fixture = (name: string): Buffer => readFileSync(join(__dirname, 'fixtures', name));

describe('file type by content (spec §9 mime groups)', () => {
  it.each([
    ['sample.png', 'png'],
    ['sample.gif', 'gif'],
    ['sample.jpg', 'jpg'],
    ['sample.pdf', 'pdf'],
    ['word-97.doc', 'doc'],
    ['sample.docx', 'docx'],
    ['sample.xlsx', 'xlsx'],
    ['sample.pptx', 'pptx'],
    ['sample.zip', 'zip'],
  ])('R9.04 recognises %s as %s by its bytes', async (name, type) => {
    expect(await detectFileType(fixture(name))).toBe(type);
  });

  it('R9.04 tells a Word 97 file from another OLE2 compound file by its WordDocument stream', async () => {
    expect(compoundFileStreams(fixture('word-97.doc'))).toContain('WordDocument');
    // an installer is a compound file too, but no Office document
    expect(compoundFileStreams(fixture('installer.msi'))).not.toContain('WordDocument');
    expect(await detectFileType(fixture('installer.msi'))).toBeNull();
  });

  it('R5.10 a text file named .png is unknown, whatever its name says; so are empty and cut files', async () => {
    expect(await detectFileType(fixture('text-named.png'))).toBeNull();
    expect(await detectFileType(Buffer.alloc(0))).toBeNull();
    expect(await detectFileType(fixture('sample.png').subarray(0, 3))).toBeNull();
    // the OLE2 signature alone, with no directory behind it, is no document
    expect(await detectFileType(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]))).toBeNull();
  });

  it('R5.10 a renamed document keeps its real type: a docx is a docx, not the pdf its name claims', async () => {
    // types come only from bytes; the file name is not an input at all
    expect(await detectFileType(fixture('sample.docx'))).toBe('docx');
    expect(await detectFileType(Buffer.concat([Buffer.from('junk'), fixture('sample.pdf')]))).toBeNull();
  });
});

describe('the compound file reader (the one part kept by hand)', () => {
  const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

  it('never throws nor loops on any bytes behind the OLE2 signature, and finds no type in noise', async () => {
    const fc = await import('fast-check');
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 4096 }), async (tail) => {
        const bytes = Buffer.concat([OLE2, Buffer.from(tail)]);
        expect(() => compoundFileStreams(bytes)).not.toThrow();
        expect(await detectFileType(bytes)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on a real document cut anywhere', () => {
    const doc = fixture('word-97.doc');
    for (let length = 0; length <= doc.length; length += 509) expect(() => compoundFileStreams(doc.subarray(0, length))).not.toThrow();
  });
});
