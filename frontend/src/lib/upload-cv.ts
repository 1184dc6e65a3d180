import { useMutation } from '@tanstack/react-query';
import { uploadFile } from './upload';

/** Our own path for an upload (`<folder>/<time>-<safe name>`); the api stores it under its own key anyway. */
export function uploadPath(folder: 'cv' | 'deliverables', file: File, now = new Date()) {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const safe = file.name.replace(/[^A-Za-z0-9_. ()-]/g, '_').slice(0, 80) || 'file';
  return `${folder}/${stamp}-${safe}`;
}

/** A CV's path (`cv/<time>-<safe name>`). */
export const cvPath = (file: File, now = new Date()) => uploadPath('cv', file, now);

/** Uploads a PDF CV with progress, cancel and retries (lib/upload). */
export const useUploadCv = () =>
  useMutation({
    mutationFn: ({ file, onProgress, signal }: { file: File; onProgress: (fraction: number) => void; signal: AbortSignal }) =>
      uploadFile(file, cvPath(file), { onProgress, signal }),
  });

/** Uploads a file to hand in (a PDF, an image, a zip or an office document; the api checks its bytes). */
export const useUploadDeliverable = () =>
  useMutation({
    mutationFn: ({ file, onProgress, signal }: { file: File; onProgress: (fraction: number) => void; signal: AbortSignal }) =>
      uploadFile(file, uploadPath('deliverables', file), { onProgress, signal }),
  });
