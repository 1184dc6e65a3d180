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
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new StorageError('canceled', CANCELED_MESSAGE));
    }, { once: true });
  });

/** Downloads a file with the same retry rules (2-minute limit) and saves it under `name`. */
export async function downloadFile(url: string, name: string, opts: { signal: AbortSignal; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const started = now();
  for (let attempt = 0; ; attempt++) {
    let status = 0;
    let res: Response | undefined;
    try {
      res = await fetch(url, { credentials: 'same-origin', signal: opts.signal });
      status = res.status;
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw new StorageError('canceled', CANCELED_MESSAGE);
    }
    if (res?.ok) {
      const href = URL.createObjectURL(await res.blob());
      const a = Object.assign(document.createElement('a'), { href, download: name });
      a.click();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
      return;
    }
    if (!isRetryable(status)) {
      const body = (await res?.json().catch(() => ({}))) as { code?: string; message?: string };
      throw new StorageError(body.code ?? 'unknown', body.message ?? 'An unknown error occurred', status);
    }
    const wait = backoffDelay(attempt);
    if (now() - started + wait > RETRY_LIMIT_MS) throw new StorageError('retry-limit-exceeded', 'The download kept failing. Please try again later.', status);
    await sleep(wait, opts.signal);
  }
}

export async function uploadFile(
  file: File,
  path: string,
  opts: { onProgress?: (fraction: number) => void; signal: AbortSignal; now?: () => number },
): Promise<UploadedFile> {
  const now = opts.now ?? Date.now;
  const started = now();
  for (let attempt = 0; ; attempt++) {
    const { status, body } = await sendOnce(file, path, opts.onProgress ?? (() => undefined), opts.signal);
    if (status >= 200 && status < 300) return JSON.parse(body) as UploadedFile;
    if (!isRetryable(status)) {
      let parsed: { code?: string; message?: string } = {};
      try {
        parsed = JSON.parse(body);
      } catch {
        /* not JSON */
      }
      throw new StorageError(parsed.code ?? 'unknown', parsed.message ?? 'An unknown error occurred', status);
    }
    const wait = backoffDelay(attempt);
    if (now() - started + wait > UPLOAD_RETRY_LIMIT_MS) {
      throw new StorageError('retry-limit-exceeded', 'The upload kept failing. Please try again later.', status);
    }
    await sleep(wait, opts.signal);
  }
}
