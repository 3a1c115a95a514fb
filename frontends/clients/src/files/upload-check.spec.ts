import { checkUpload, sizeLabel } from './upload-check';

const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('upload checks before sending', () => {
  it('R9.04 R5.10 pet images: at most 4, jpg or png, at most 1,048,576 bytes', () => {
    expect(checkUpload('pet_image', file('rex.jpg', 'image/jpeg', 1_048_576), 3)).toBeNull();
    expect(checkUpload('pet_image', file('rex.PNG', 'image/png', 10), 0)).toBeNull();
    expect(checkUpload('pet_image', file('rex.jpg', 'image/jpeg', 10), 4)).toEqual({ key: 'errors.uploadTooMany', params: { limit: 4 } });
    expect(checkUpload('pet_image', file('rex.gif', 'image/gif', 10), 0)).toEqual({ key: 'errors.uploadWrongType' });
    expect(checkUpload('pet_image', file('rex.jpg', 'image/jpeg', 1_048_577), 0)).toEqual({
      key: 'errors.uploadTooBig',
      params: { size: '1 MB' },
    });
  });

  it('R9.04 R5.10 privacy file: one, pdf/docx/doc/jpg/png, at most 2,097,152 bytes', () => {
    expect(checkUpload('customer_privacy', file('privacy.pdf', 'application/pdf', 2_097_152), 0)).toBeNull();
    expect(
      checkUpload(
        'customer_privacy',
        file('privacy.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 100),
        0,
      ),
    ).toBeNull();
    expect(checkUpload('customer_privacy', file('privacy.pdf', 'application/pdf', 100), 1)).toEqual({
      key: 'errors.uploadTooMany',
      params: { limit: 1 },
    });
    expect(checkUpload('customer_privacy', file('privacy.zip', 'application/zip', 100), 0)).toEqual({ key: 'errors.uploadWrongType' });
    // a renamed file whose declared type does not fit its name
    expect(checkUpload('customer_privacy', file('privacy.pdf', 'application/zip', 100), 0)).toEqual({ key: 'errors.uploadWrongType' });
    expect(checkUpload('customer_privacy', file('privacy.pdf', 'application/pdf', 2_097_153), 0)).toEqual({
      key: 'errors.uploadTooBig',
      params: { size: '2 MB' },
    });
    expect(sizeLabel(2_097_152)).toBe('2 MB');
  });
});
