import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, StorageError } from './upload';

afterEach(() => vi.unstubAllGlobals());

describe('downloadFile', () => {
  it('retries a 503 and then saves the file', async () => {
    const responses = [new Response('busy', { status: 503 }), new Response(new Blob(['%PDF-1.4']), { status: 200 })];
    const fetchMock = vi.fn(() => {
      const next = responses.shift();
      return next ? Promise.resolve(next) : Promise.reject(new Error('fetch called once too often'));
    });
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:cv');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await downloadFile('/api/files/x', 'cv.pdf', { signal: new AbortController().signal });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('does not retry a 403 and reports the spec code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          Response.json({ code: 'unauthorized', message: 'You do not have access to this file.' }, { status: 403 }),
        ),
      ),
    );
    await expect(downloadFile('/api/files/x', 'cv.pdf', { signal: new AbortController().signal })).rejects.toMatchObject({
      code: 'unauthorized',
    });
  });

  it('gives up after the 2-minute limit', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('down', { status: 502 }))),
    );
    let t = 0;
    const err: unknown = await downloadFile('/api/files/x', 'cv.pdf', {
      signal: new AbortController().signal,
      now: () => (t += 200_000),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect((err as StorageError).code).toBe('retry-limit-exceeded');
  });
});
