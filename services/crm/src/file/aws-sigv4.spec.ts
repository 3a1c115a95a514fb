import { signRequest } from './aws-sigv4';

describe('AWS SigV4', () => {
  it('signs the get-vanilla request of the AWS SigV4 test suite', () => {
    const authorization = signRequest(
      {
        method: 'GET',
        url: new URL('https://example.amazonaws.com/'),
        headers: { host: 'example.amazonaws.com', 'x-amz-date': '20150830T123600Z' },
        payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      },
      { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', region: 'us-east-1', service: 'service' },
      '20150830T123600Z',
    );
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });
});
