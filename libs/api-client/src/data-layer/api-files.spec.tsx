/** @jest-environment jsdom */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { ApiClient } from '../api-client';
import { API_ROUTES } from '../api-routes.generated';
import { fakeGatewayFetch } from '../fake-gateway-fetch';
import { createRemoteHttp, type UploadRequest } from '../remote-http';
import { useApiUpload } from './api-hooks';
import { ApiLayerProvider, useApiHttp, type ApiFeedback } from './api-layer';
import { createTestQueryClient } from './api-query-client';
import { apiQueryFilter, apiQueryKey } from './api-query-key';
import { useApiDownload } from './use-api-download';

const api = { deviceId: 'dev-1', freshAccessToken: async () => 'token', refresh: async () => null } as unknown as ApiClient;
const pet = { orga: 'o1', store: 's1', pet: 'p1' };

/** An XMLHttpRequest the test finishes: `progress(f)`, `finish(status, body)`, and what was opened and sent. */
function fakeUpload() {
  const seen = { opened: '', headers: {} as Record<string, string>, body: null as unknown };
  const request: UploadRequest = {
    open: (method: string, url: string) => void (seen.opened = `${method} ${url}`),
    setRequestHeader: (name: string, value: string) => void (seen.headers[name] = value),
    send: (body?: Document | XMLHttpRequestBodyInit | null) => void (seen.body = body),
    abort: () => request.onabort?.(),
    status: 0,
    statusText: '',
    responseText: '',
    upload: { onprogress: null },
    onload: null,
    onerror: null,
    onabort: null,
  };
  return {
    request,
    seen,
    progress: (fraction: number) =>
      request.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 100, total: 100 } as ProgressEvent),
    finish: (status: number, body: unknown) => {
      Object.assign(request, { status, responseText: JSON.stringify(body) });
      request.onload?.();
    },
  };
}

function setup(upload = fakeUpload()) {
  const client = createTestQueryClient();
  const feedback: ApiFeedback = { success: jest.fn(), failure: jest.fn() };
  const http = createRemoteHttp({ api, language: 'en', createUploadRequest: () => upload.request });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <ApiLayerProvider layer={{ http, feedback }}>{children}</ApiLayerProvider>
    </QueryClientProvider>
  );
  return { client, feedback, wrapper, upload };
}

describe('files on the data layer', () => {
  it('R7.10 uploads a file with its progress, then refetches what it changes and says so', async () => {
    const { client, feedback, wrapper, upload } = setup();
    const images = apiQueryKey('listPetImages', { params: pet });
    client.setQueryData(images, []);
    const { result } = renderHook(
      () => useApiUpload('uploadPetImage', { invalidates: [apiQueryFilter('listPetImages', { pet: 'p1' })], success: 'Photo added' }),
      { wrapper },
    );
    const file = new File([new Uint8Array([0xff, 0xd8])], 'rex.jpg', { type: 'image/jpeg' });
    act(() => result.current.mutate({ file, input: { params: pet } }));
    await waitFor(() => expect(upload.seen.opened).toBe('POST /api/v1/orga/o1/store/s1/pet/p1/image'));
    expect(upload.seen.headers).toMatchObject({ Authorization: 'Bearer token', 'Content-Type': 'image/jpeg', 'X-File-Name': 'rex.jpg' });
    expect(upload.seen.body).toBe(file);
    act(() => upload.progress(0.5));
    await waitFor(() => expect(result.current.progress).toBe(0.5));
    act(() => upload.finish(201, { id: 'f1', file_name: 'rex.jpg' }));
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.data).toEqual({ id: 'f1', file_name: 'rex.jpg' });
    expect(result.current.progress).toBeNull();
    expect(client.getQueryState(images)?.isInvalidated).toBe(true);
    expect(feedback.success).toHaveBeenCalledWith('Photo added');
  });

  it('stops an upload on abort without an error snackbar (code aborted), and reports a refused one', async () => {
    const { feedback, wrapper, upload } = setup();
    const { result } = renderHook(() => useApiUpload('uploadPetImage'), { wrapper });
    const file = new File(['x'], 'x.jpg', { type: 'image/jpeg' });
    act(() => result.current.mutate({ file, input: { params: pet } }));
    await waitFor(() => expect(upload.seen.opened).not.toBe(''));
    act(() => result.current.abort());
    await waitFor(() => expect(result.current.error?.code).toBe('aborted'));
    expect(feedback.failure).not.toHaveBeenCalled();
    act(() => result.current.mutate({ file, input: { params: pet } }));
    await waitFor(() => expect(result.current.isPending).toBe(true));
    act(() => upload.finish(413, { code: 'too_big', message: 'File is too big. Max size: 5 MB' }));
    await waitFor(() => expect(feedback.failure).toHaveBeenCalledWith(expect.objectContaining({ status: 413, code: 'too_big' })));
  });

  it("downloads a file's bytes with the session (useApiHttp)", async () => {
    const sent = fakeGatewayFetch(() => ({ body: 'pdf bytes' }));
    const { wrapper } = setup();
    const { result } = renderHook(() => useApiHttp(), { wrapper });
    const blob = await result.current.download(API_ROUTES.downloadInvoicePdf, { params: { orga: 'o1', invoice: 'i1' } });
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blob);
    });
    expect(text).toBe('"pdf bytes"');
    expect(sent[0]?.path).toBe('/api/v1/orga/o1/invoice/i1/pdf');
  });

  it("reads a stored file's bytes as a query keyed by its download route, once for every tile that shows it", async () => {
    let reads = 0;
    const sent = fakeGatewayFetch(({ path }) => {
      if (path.endsWith('/f1/thumbnail')) return { body: `thumbnail ${++reads}` };
      return { status: 404, body: { code: 'not_found', message: 'No such file' } };
    });
    const { client, wrapper } = setup();
    const input = { params: { ...pet, file: 'f1' } };
    const { result } = renderHook(
      () =>
        [useApiDownload('downloadPetThumbnail', input, { staleTime: Infinity }), useApiDownload('downloadPetThumbnail', input)] as const,
      { wrapper },
    );
    await waitFor(() => expect(result.current[0].data).toBeInstanceOf(Blob));
    expect(result.current[1].data).toBe(result.current[0].data);
    expect(sent.map((request) => request.path)).toEqual(['/api/v1/orga/o1/store/s1/pet/p1/image/f1/thumbnail']);
    expect(client.getQueryData(apiQueryKey('downloadPetThumbnail', input))).toBe(result.current[0].data);

    const missing = renderHook(() => useApiDownload('downloadPetThumbnail', { params: { ...pet, file: 'f2' } }), { wrapper });
    await waitFor(() => expect(missing.result.current.error?.status).toBe(404));
  });
});
