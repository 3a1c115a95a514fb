import { RpcError } from '@pawline/nest-kit';
import { checkAnnouncedUpload, checkFileContent, formatMaxSize, uploadError, uploadProblemText } from './upload-rules';
import { storedZip } from './zip-fixture';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.7\n%%EOF\n');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const DOCX = storedZip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
const XLSX = storedZip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });

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

  it('R9.04 pet images: up to 4 files, each at most 1,048,576 bytes, jpg or png only', () => {
    expect(checkAnnouncedUpload('pet_image', 3, 1_048_576)).toBeNull();
    expect(checkAnnouncedUpload('pet_image', 4, 10)).toEqual({ problem: 'tooMany', limit: 4 });
    expect(checkAnnouncedUpload('pet_image', 0, 1_048_577)).toEqual({ problem: 'tooBig', maxBytes: 1_048_576 });
    expect(checkFileContent('pet_image', PNG)).toEqual({ type: 'png', mime: 'image/png' });
    expect(checkFileContent('pet_image', PDF)).toEqual({ problem: 'wrongType' });
    expect(checkFileContent('pet_image', GIF)).toEqual({ problem: 'wrongType' });
    expect(checkFileContent('pet_image', Buffer.concat([PNG, Buffer.alloc(1_048_576)]))).toEqual({
      problem: 'tooBig',
      maxBytes: 1_048_576,
    });
  });

  it('R9.04 privacy file: 1 file, at most 2,097,152 bytes, pdf, docx, doc, jpg or png', () => {
    expect(checkAnnouncedUpload('customer_privacy', 1, 10)).toEqual({ problem: 'tooMany', limit: 1 });
    expect(checkAnnouncedUpload('customer_privacy', 0, 2_097_153)).toEqual({ problem: 'tooBig', maxBytes: 2_097_152 });
    expect(checkFileContent('customer_privacy', PDF)).toMatchObject({ type: 'pdf' });
    expect(checkFileContent('customer_privacy', DOCX)).toMatchObject({ type: 'docx' });
    expect(checkFileContent('customer_privacy', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toMatchObject({
      type: 'doc',
    });
    expect(checkFileContent('customer_privacy', PNG)).toMatchObject({ type: 'png' });
    expect(checkFileContent('customer_privacy', XLSX)).toEqual({ problem: 'wrongType' });
    expect(checkFileContent('customer_privacy', Buffer.from('<html>'))).toEqual({ problem: 'wrongType' });
  });
});
