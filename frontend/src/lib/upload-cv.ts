import { useMutation } from '@tanstack/react-query';
import { uploadFile } from './upload';

/** Our own path for a CV (`cv/<time>-<safe name>`); the api stores it under its own key anyway. */
export function cvPath(file: File, now = new Date()) {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const safe = file.name.replace(/[^A-Za-z0-9_. ()-]/g, '_').slice(0, 80) || 'cv.pdf';
  return `cv/${stamp}-${safe}`;
}

/** Uploads a PDF CV with progress, cancel and retries (lib/upload). */
export const useUploadCv = () =>
  useMutation({
    mutationFn: ({ file, onProgress, signal }: { file: File; onProgress: (fraction: number) => void; signal: AbortSignal }) =>
      uploadFile(file, cvPath(file), { onProgress, signal }),
  });
