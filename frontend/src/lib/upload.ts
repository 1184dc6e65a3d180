/**
 * File uploads with progress, cancel and retries (spec §8, §9): retried on 5xx, 408 and 429 and on
 * network failures, with a backoff that doubles up to 64 s with jitter; uploads give up after
 * 10 minutes. Cancelling rejects with the spec's 'canceled' error.
 */
export const UPLOAD_RETRY_LIMIT_MS = 10 * 60_000;
export const RETRY_LIMIT_MS = 2 * 60_000;
export const MAX_BACKOFF_MS = 64_000;

export const isRetryable = (status: number) => status === 0 || status >= 500 || status === 408 || status === 429;

/** Doubling from 1 s up to 64 s; the actual wait is jittered between half and all of it. */
export const backoffDelay = (attempt: number, random: () => number = Math.random) => {
  const ceiling = Math.min(1000 * 2 ** attempt, MAX_BACKOFF_MS);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
};

export class StorageError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 0,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

export const CANCELED_MESSAGE = 'User canceled the upload/download.';

export interface UploadedFile {
  id: string;
  name: string;
  size: number;
  downloadUrl?: string;
}

function sendOnce(file: File, path: string, onProgress: (fraction: number) => void, signal: AbortSignal) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/files?path=${encodeURIComponent(path)}`);
    xhr.setRequestHeader('x-requested-with', 'mashrou');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => resolve({ status: 0, body: '' });
    xhr.ontimeout = () => resolve({ status: 408, body: '' });
    const abort = () => {
      xhr.abort();
      reject(new StorageError('canceled', CANCELED_MESSAGE));
    };
    if (signal.aborted) return abort();
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

interface Attempt<T> {
  status: number;
  value?: T;
  /** The error body of a failed attempt (read only when it will not be retried). */
  error?: () => Promise<{ code?: string; message?: string }>;
}

/** Runs `attempt` until it succeeds, retrying per spec §9 until `limitMs` would be passed. */
async function withRetries<T>(
  limitMs: number,
  what: string,
  signal: AbortSignal,
  now: () => number,
  attempt: () => Promise<Attempt<T>>,
) {
  const started = now();
  for (let n = 0; ; n++) {
    const r = await attempt();
    if (r.status >= 200 && r.status < 300) return r.value as T;
    if (!isRetryable(r.status)) {
      const body: { code?: string; message?: string } = (await r.error?.().catch(() => ({}))) ?? {};
      throw new StorageError(body.code ?? 'unknown', body.message ?? 'An unknown error occurred', r.status);
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
      if ((err as Error).name === 'AbortError') throw new StorageError('canceled', CANCELED_MESSAGE);
      return { status: 0 };
    }
    return res.ok ? { status: res.status, value: await res.blob() } : { status: res.status, error: () => res.json() };
  });
  const href = URL.createObjectURL(blob);
  Object.assign(document.createElement('a'), { href, download: name }).click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function uploadFile(
  file: File,
  path: string,
  opts: { onProgress?: (fraction: number) => void; signal: AbortSignal; now?: () => number },
): Promise<UploadedFile> {
  return withRetries<UploadedFile>(UPLOAD_RETRY_LIMIT_MS, 'upload', opts.signal, opts.now ?? Date.now, async () => {
    const { status, body } = await sendOnce(file, path, opts.onProgress ?? (() => undefined), opts.signal);
    return status >= 200 && status < 300
      ? { status, value: JSON.parse(body) as UploadedFile }
      : { status, error: async () => JSON.parse(body) };
  });
}
