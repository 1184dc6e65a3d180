/**
 * File uploads with progress, cancel and retries (spec §8, §9): retried on 5xx, 408 and 429 and on
 * network failures, with a backoff that doubles up to 64 s with jitter; uploads give up after
 * 10 minutes. Cancelling rejects with the spec's 'canceled' error.
 */
import type { ResponseOf } from '@mashrou/contracts';
import { files } from '@mashrou/contracts/routes';
import { toErrorCode } from './api-client';
import { StorageError } from './errors';

export { StorageError } from './errors';

export const UPLOAD_RETRY_LIMIT_MS = 10 * 60_000;
export const RETRY_LIMIT_MS = 2 * 60_000;
export const MAX_BACKOFF_MS = 64_000;

/** A stored file as the api answers an upload. */
export type UploadedFile = ResponseOf<typeof files.upload>;

export const isRetryable = (status: number) => status === 0 || status >= 500 || status === 408 || status === 429;

/** Doubling from 1 s up to 64 s; the actual wait is jittered between half and all of it. */
export const backoffDelay = (attempt: number, random: () => number = Math.random) => {
  const ceiling = Math.min(1000 * 2 ** attempt, MAX_BACKOFF_MS);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
};

export const CANCELED_MESSAGE = 'User canceled the upload/download.';

function sendOnce(file: File, path: string, onProgress: (fraction: number) => void, signal: AbortSignal) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(files.upload.method, `/api${files.upload.path}?path=${encodeURIComponent(path)}`);
    xhr.setRequestHeader('x-requested-with', 'mashrou');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      resolve({ status: xhr.status, body: xhr.responseText });
    };
    xhr.onerror = () => {
      resolve({ status: 0, body: '' });
    };
    xhr.ontimeout = () => {
      resolve({ status: 408, body: '' });
    };
    const abort = () => {
      xhr.abort();
      reject(new StorageError('canceled', CANCELED_MESSAGE));
    };
    if (signal.aborted) {
      abort();
      return;
    }
    signal.addEventListener('abort', abort, { once: true });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(new StorageError('canceled', CANCELED_MESSAGE));
      },
      { once: true },
    );
  });

type Attempt<T> =
  | { ok: true; value: T }
  /** A failed attempt; its error body is read only when it will not be retried. */
  | { ok: false; status: number; error?: () => Promise<unknown> };

/** Runs `attempt` until it succeeds, retrying per spec §9 until `limitMs` would be passed. */
async function withRetries<T>(
  limitMs: number,
  what: string,
  signal: AbortSignal,
  now: () => number,
  attempt: () => Promise<Attempt<T>>,
): Promise<T> {
  const started = now();
  for (let n = 0; ; n++) {
    const r = await attempt();
    if (r.ok) return r.value;
    if (!isRetryable(r.status)) {
      const body = ((await r.error?.().catch(() => undefined)) ?? {}) as { code?: unknown; message?: unknown };
      throw new StorageError(
        toErrorCode(body.code),
        typeof body.message === 'string' ? body.message : 'An unknown error occurred',
        r.status,
      );
    }
    const wait = backoffDelay(n);
    if (now() - started + wait > limitMs)
      throw new StorageError('retry-limit-exceeded', `The ${what} kept failing. Please try again later.`, r.status);
    await sleep(wait, signal);
  }
}

/** Downloads a file with the same retry rules (2-minute limit) and saves it under `name`. */
export async function downloadFile(url: string, name: string, opts: { signal: AbortSignal; now?: () => number }) {
  const blob = await withRetries<Blob>(RETRY_LIMIT_MS, 'download', opts.signal, opts.now ?? Date.now, async () => {
    let res: Response;
    try {
      res = await fetch(url, { credentials: 'same-origin', signal: opts.signal });
    } catch (err) {
      if (err instanceof Error && err.name === 'AbortError') throw new StorageError('canceled', CANCELED_MESSAGE);
      return { ok: false, status: 0 };
    }
    return res.ok ? { ok: true, value: await res.blob() } : { ok: false, status: res.status, error: () => res.json() };
  });
  const href = URL.createObjectURL(blob);
  Object.assign(document.createElement('a'), { href, download: name }).click();
  setTimeout(() => {
    URL.revokeObjectURL(href);
  }, 10_000);
}

export function uploadFile(
  file: File,
  path: string,
  opts: { onProgress?: (fraction: number) => void; signal: AbortSignal; now?: () => number },
): Promise<UploadedFile> {
  return withRetries<UploadedFile>(UPLOAD_RETRY_LIMIT_MS, 'upload', opts.signal, opts.now ?? Date.now, async () => {
    const { status, body } = await sendOnce(file, path, opts.onProgress ?? (() => undefined), opts.signal);
    const parse = () => JSON.parse(body) as unknown;
    return status >= 200 && status < 300
      ? { ok: true, value: parse() as UploadedFile }
      : { ok: false, status, error: () => Promise.resolve().then(parse) };
  });
}
