import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, uploadWithProgress } from './api-client';
import { createMemoryStorage, createTestToken } from './test-storage';

const token = createTestToken({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 });

/** Just enough of XMLHttpRequest to play back one upload. */
class FakeRequest {
  static last: FakeRequest | undefined;
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  responseType = 'application/json; charset=utf-8';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? this.responseType : null;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  /** Plays the server's answer. */
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('uploadWithProgress', () => {
  const assign = vi.fn();

  beforeEach(() => {
    assign.mockReset();
    FakeRequest.last = undefined;
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    vi.stubGlobal('localStorage', createMemoryStorage());
    vi.stubGlobal('window', { location: { pathname: '/complete-registration', assign } });
    localStorage.setItem('token', token);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('posts the form with the bearer token, reports progress and answers the envelope data', async () => {
    const form = new FormData();
    const progress: number[] = [];
    const pending = uploadWithProgress<{ url: string }>('/api/uploads/id-document', form, {
      onProgress: (fraction) => progress.push(fraction),
    });
    const request = FakeRequest.last!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/uploads/id-document');
    expect(request.headers.authorization).toBe(`Bearer ${token}`);
    expect(request.body).toBe(form);

    request.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    request.upload.onprogress?.({ lengthComputable: false, loaded: 50, total: 0 });
    request.answer(201, { success: true, data: { url: '/api/files/ab/cd.pdf' }, error: null });

    await expect(pending).resolves.toEqual({ url: '/api/files/ab/cd.pdf' });
    expect(progress).toEqual([0.25, 1]);
  });

  it('raises the server message and status (413, 415)', async () => {
    const pending = uploadWithProgress('/api/uploads/profile-picture', new FormData());
    FakeRequest.last!.answer(415, { success: false, data: null, error: 'Please upload a JPEG, PNG or WebP photo' });
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Please upload a JPEG, PNG or WebP photo', status: 415, hasMessage: true });
  });

  it('uses the generic message for an answer that is not the envelope', async () => {
    const pending = uploadWithProgress('/api/uploads/profile-picture', new FormData());
    const request = FakeRequest.last!;
    request.responseType = 'text/html';
    request.answer(502, 'Bad gateway');
    await expect(pending).rejects.toMatchObject({ status: 502, hasMessage: false });
  });

  it('ends the session on a 401', async () => {
    const pending = uploadWithProgress('/api/uploads/profile-picture', new FormData());
    FakeRequest.last!.answer(401, { success: false, data: null, error: 'Please sign in to continue' });
    await expect(pending).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('answers the network message when the server cannot be reached', async () => {
    const pending = uploadWithProgress('/api/uploads/profile-picture', new FormData());
    FakeRequest.last!.onerror?.();
    await expect(pending).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE, status: 0 });
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    const pending = uploadWithProgress('/api/uploads/profile-picture', new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
