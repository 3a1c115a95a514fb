import { CATALOGUES } from '@pawline/i18n';
import { checkProfileImage } from './profile-image-check';

const en = CATALOGUES.en.errors;

describe('WhatsApp profile image check', () => {
  it("R5.10 R9.04 one file only: 'Too many files. Limit: '", () => {
    expect(checkProfileImage({ name: 'logo.png', type: 'image/png', size: 10 }, 1)).toEqual({
      key: 'errors.uploadTooMany',
      params: { limit: 1 },
    });
    expect(en['uploadTooMany']).toBe('Too many files. Limit: {limit}');
  });

  it("R5.10 R9.04 jpg or png only: 'File got the wrong file type'", () => {
    expect(checkProfileImage({ name: 'logo.gif', type: 'image/gif', size: 10 }, 0)).toEqual({ key: 'errors.uploadWrongType' });
    expect(checkProfileImage({ name: 'logo.png', type: 'application/pdf', size: 10 }, 0)).toEqual({ key: 'errors.uploadWrongType' });
    expect(checkProfileImage({ name: 'logo.JPEG', type: 'image/jpeg', size: 10 }, 0)).toBeNull();
    expect(en['uploadWrongType']).toBe('File got the wrong file type');
  });

  it("R5.10 R9.04 at most 1048576 bytes: 'File is too big. Max size: '", () => {
    expect(checkProfileImage({ name: 'logo.png', type: 'image/png', size: 1_048_576 }, 0)).toBeNull();
    expect(checkProfileImage({ name: 'logo.png', type: 'image/png', size: 1_048_577 }, 0)).toEqual({
      key: 'errors.uploadTooBig',
      params: { size: '1 MB' },
    });
    expect(en['uploadTooBig']).toBe('File is too big. Max size: {size}');
  });
});
