import type { ApiClient } from '@pawline/api-client';
import { createCrmApi, type UploadRequest } from './crm-api';

type Call = { url: string; init: RequestInit };

function fakeApi(token = 'tok-1', refreshed: string | null = 'tok-2') {
  return {
    deviceId: 'dev-1',
    freshAccessToken: jest.fn().mockResolvedValue(token),
    refresh: jest.fn().mockResolvedValue(refreshed ? { access_token: refreshed, expires_at: '2099-01-01T00:00:00Z' } : null),
  } as unknown as ApiClient;
}

function fakeFetch(responses: Response[]) {
  const calls: Call[] = [];
  const fetch = jest.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = responses.shift();
    if (!next) throw new Error('no response left');
    return next;
  });
  return { fetch, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('crm api', () => {
  it('R7.07 R6.08 R1.11 reads a store list or, without a store, the organization’s shared list, with search, sort, tags and last id', async () => {
    const { fetch, calls } = fakeFetch([json({ items: [], page_size: 50 }), json({ items: [], page_size: 50 })]);
    const crm = createCrmApi({ api: fakeApi(), language: 'it', fetch });
    await crm.listCustomers('o1', 's1', { q: ' Fido ', sort: 'name_desc', tag_ids: ['t1', 't2'], last_id: 'c9', limit: 50 });
    await crm.listPets('o1', null, { q: 'Fi' });
    expect(calls[0]?.url).toBe('/api/v1/orga/o1/store/s1/customers?q=Fido&sort=name_desc&tag_ids=t1%2Ct2&last_id=c9&limit=50');
    expect(calls[1]?.url).toBe('/api/v1/orga/o1/shared/pets?q=Fi');
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers['Accept-Language']).toBe('it');
    expect(headers['X-Device-Id']).toBe('dev-1');
  });

  it('R7.10 refreshes the session once on 401 and retries with the new token', async () => {
    const { fetch, calls } = fakeFetch([
      json({ code: 'unauthorized', message: 'no' }, 401),
      json({ customer: {}, tags: [], external_services: [] }),
    ]);
    const api = fakeApi();
    const crm = createCrmApi({ api, language: 'en', fetch });
    await crm.getCustomer('o1', 's1', 'c1');
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect((calls[1]?.init.headers as Record<string, string>).Authorization).toBe('Bearer tok-2');
  });

  it('R8.04 R8.06 turns an error answer into an ApiError with the server’s code and message', async () => {
    const { fetch } = fakeFetch([json({ code: 'server_401', message: 'The id is already in use' }, 409)]);
    const crm = createCrmApi({ api: fakeApi(), language: 'en', fetch });
    await expect(crm.createTag('o1', { kind: 'pet', name: 'x' })).rejects.toMatchObject({
      code: 'server_401',
      message: 'The id is already in use',
    });
  });

  it('R7.04 R7.10 uploads a pet photo as the raw body with its type, X-File-Name and progress', async () => {
    const headers: Record<string, string> = {};
    let opened = '';
    let sent: unknown = null;
    const request: UploadRequest = {
      open: jest.fn((method: string, url: string) => {
        opened = `${method} ${url}`;
      }),
      setRequestHeader: (name: string, value: string) => {
        headers[name] = value;
      },
      send: (body?: Document | XMLHttpRequestBodyInit | null) => {
        sent = body;
        request.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
        Object.assign(request, { status: 201, responseText: JSON.stringify({ id: 'f1', file_name: 'rex photo.jpg' }) });
        request.onload?.();
      },
      abort: jest.fn(),
      status: 0,
      statusText: '',
      responseText: '',
      upload: { onprogress: null },
      onload: null,
      onerror: null,
      onabort: null,
    };
    const crm = createCrmApi({ api: fakeApi(), language: 'en', createUploadRequest: () => request });
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'rex photo.jpg', { type: 'image/jpeg' });
    const progress: number[] = [];
    const stored = await crm.uploadPetImage('o1', 's1', 'p1', file, (f) => progress.push(f)).done;
    expect(opened).toBe('POST /api/v1/orga/o1/store/s1/pet/p1/image');
    expect(headers).toMatchObject({
      Authorization: 'Bearer tok-1',
      'Content-Type': 'image/jpeg',
      'X-File-Name': 'rex%20photo.jpg',
      'X-Device-Id': 'dev-1',
    });
    expect(sent).toBe(file);
    expect(progress).toEqual([0.5, 1]);
    expect(stored.id).toBe('f1');
  });

  it("R7.04 replaces and deletes a pet photo on spec §7's …/pet/{petId}/image, naming the photo by ?file_id=", async () => {
    let opened = '';
    const request: UploadRequest = {
      open: jest.fn((method: string, url: string) => {
        opened = `${method} ${url}`;
      }),
      setRequestHeader: jest.fn(),
      send: () => {
        Object.assign(request, { status: 200, responseText: JSON.stringify({ id: 'f2', file_name: 'new.png' }) });
        request.onload?.();
      },
      abort: jest.fn(),
      status: 0,
      statusText: '',
      responseText: '',
      upload: { onprogress: null },
      onload: null,
      onerror: null,
      onabort: null,
    };
    const { fetch, calls } = fakeFetch([json({ deleted: true, file_id: 'f2' })]);
    const crm = createCrmApi({ api: fakeApi(), language: 'en', fetch, createUploadRequest: () => request });
    const file = new File([new Uint8Array([0x89, 0x50])], 'new.png', { type: 'image/png' });
    const stored = await crm.replacePetImage('o1', 's1', 'p1', 'f1', file, () => undefined).done;
    expect(opened).toBe('PUT /api/v1/orga/o1/store/s1/pet/p1/image?file_id=f1');
    expect(stored.id).toBe('f2');
    await crm.deletePetImage('o1', 's1', 'p1', 'f2');
    expect(calls[0]?.url).toBe('/api/v1/orga/o1/store/s1/pet/p1/image?file_id=f2');
    expect(calls[0]?.init.method).toBe('DELETE');
  });

  it('R5.10 rejects a refused upload with the server’s message', async () => {
    const request = {
      open: jest.fn(),
      setRequestHeader: jest.fn(),
      abort: jest.fn(),
      status: 0,
      statusText: '',
      responseText: '',
      upload: { onprogress: null },
      onload: null as (() => void) | null,
      onerror: null,
      onabort: null,
      send() {
        Object.assign(request, {
          status: 400,
          responseText: JSON.stringify({
            code: 'validation_failed',
            message: 'File got the wrong file type',
            fields: { file: 'errors.uploadWrongType' },
          }),
        });
        request.onload?.();
      },
    };
    const crm = createCrmApi({ api: fakeApi(), language: 'en', createUploadRequest: () => request });
    const upload = crm.uploadPrivacyFile('o1', 's1', 'c1', new File(['x'], 'a.pdf', { type: 'application/pdf' }), () => undefined);
    await expect(upload.done).rejects.toMatchObject({
      status: 400,
      message: 'File got the wrong file type',
      fields: { file: 'errors.uploadWrongType' },
    });
  });
});
