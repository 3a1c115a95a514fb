import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RpcError } from '@pawline/nest-kit';
import { checkAnnouncedUpload, checkFileContent, formatMaxSize, uploadError, uploadProblemText } from './upload-rules';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** the kit's real sample files (libs/nest-kit/src/storage/fixtures) */
const KIT_FIXTURE = (name: string): Buffer => readFileSync(join(__dirname, '../../../../libs/nest-kit/src/storage/fixtures', name));
const DOCX = KIT_FIXTURE('sample.docx');
const XLSX = KIT_FIXTURE('sample.xlsx');
const PDF = Buffer.from('%PDF-1.7\n%%EOF\n');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

describe('upload rules', () => {
  it('R5.10 the three upload texts of spec §5', () => {
    expect(uploadProblemText({ problem: 'tooMany', limit: 4 })).toBe('Too many files. Limit: 4');
    expect(uploadProblemText({ problem: 'wrongType' })).toBe('File got the wrong file type');
    expect(uploadProblemText({ problem: 'tooBig', maxBytes: 2_097_152 })).toBe('File is too big. Max size: 2 MB');
    const error = uploadError({ problem: 'tooMany', limit: 1 });
    expect(error).toBeInstanceOf(RpcError);
    expect(error.toFailure()).toEqual({
      code: 'validation_failed',
      status: 400,
      fields: { file: 'errors.uploadTooMany' },
      params: { limit: 1, message: 'Too many files. Limit: 1' },
    });
    expect(formatMaxSize(1_048_576)).toBe('1 MB');
  });

  it('R9.04 pet images: up to 4 files, each at most 1,048,576 bytes, jpg or png only', async () => {
    expect(checkAnnouncedUpload('pet_image', 3, 1_048_576)).toBeNull();
    expect(checkAnnouncedUpload('pet_image', 4, 10)).toEqual({ problem: 'tooMany', limit: 4 });
    expect(checkAnnouncedUpload('pet_image', 0, 1_048_577)).toEqual({ problem: 'tooBig', maxBytes: 1_048_576 });
    expect(await checkFileContent('pet_image', PNG)).toEqual({ type: 'png', mime: 'image/png' });
    expect(await checkFileContent('pet_image', PDF)).toEqual({ problem: 'wrongType' });
    expect(await checkFileContent('pet_image', GIF)).toEqual({ problem: 'wrongType' });
    expect(await checkFileContent('pet_image', Buffer.concat([PNG, Buffer.alloc(1_048_576)]))).toEqual({
      problem: 'tooBig',
      maxBytes: 1_048_576,
    });
  });

  it('R9.04 privacy file: 1 file, at most 2,097,152 bytes, pdf, docx, doc, jpg or png', async () => {
    expect(checkAnnouncedUpload('customer_privacy', 1, 10)).toEqual({ problem: 'tooMany', limit: 1 });
    expect(checkAnnouncedUpload('customer_privacy', 0, 2_097_153)).toEqual({ problem: 'tooBig', maxBytes: 2_097_152 });
    expect(await checkFileContent('customer_privacy', PDF)).toMatchObject({ type: 'pdf' });
    expect(await checkFileContent('customer_privacy', DOCX)).toMatchObject({ type: 'docx' });
    expect(await checkFileContent('customer_privacy', KIT_FIXTURE('word-97.doc'))).toMatchObject({
      type: 'doc',
      mime: 'application/msword',
    });
    // an OLE2 compound file that is no Word document (an installer) is the wrong type
    expect(await checkFileContent('customer_privacy', KIT_FIXTURE('installer.msi'))).toEqual({ problem: 'wrongType' });
    expect(await checkFileContent('customer_privacy', PNG)).toMatchObject({ type: 'png' });
    expect(await checkFileContent('customer_privacy', XLSX)).toEqual({ problem: 'wrongType' });
    expect(await checkFileContent('customer_privacy', Buffer.from('<html>'))).toEqual({ problem: 'wrongType' });
  });
});
