import { useRef, useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { UploadedFile } from './upload';

type UploadVars = { file: File; onProgress: (fraction: number) => void; signal: AbortSignal };

/**
 * One file's upload as a field runs it: its progress (null while none runs), a start that hands the
 * stored file on, and a cancel. A failure is the mutation's error (the field shows it).
 */
export function useUploadRun(upload: UseMutationResult<UploadedFile, Error, UploadVars>) {
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  async function start(file: File | null, onUploaded: (f: UploadedFile) => void) {
    if (!file) return;
    upload.reset();
    setProgress(0);
    abort.current = new AbortController();
    try {
      onUploaded(await upload.mutateAsync({ file, onProgress: setProgress, signal: abort.current.signal }));
    } catch {
      // Shown from the mutation's error.
    } finally {
      setProgress(null);
      abort.current = null;
    }
  }
  return {
    progress,
    start,
    cancel: () => {
      abort.current?.abort();
    },
  };
}
