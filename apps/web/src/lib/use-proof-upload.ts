import { useEffect, useRef, useState } from 'react';
import type { ProofStatus } from '../components/proof-picker';
import { getErrorMessage, uploadWithProgress } from './api-client';
import { checkProofFile } from './proof-file';
import { shrinkPhoto } from './shrink-photo';

/** Uploads a proof of payment (image or PDF; a photo shrunk first on the phone), reporting progress, and answers its `/api/files/...` address. */
export async function uploadProofOfPayment(
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<string> {
  const form = new FormData();
  const sent = await shrinkPhoto(file);
  form.append('file', sent, sent.name);
  const { url } = await uploadWithProgress<{ url: string }>('/api/uploads/proof-of-payment', form, options);
  return url;
}

/**
 * The proof of payment of a pool payment or a loan repayment: uploads the picked file at once, with progress; a newer
 * pick cancels an older upload.
 */
export function useProofUpload(onUploaded: (url: string) => void) {
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<ProofStatus>('empty');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const uploaded = useRef(onUploaded);
  useEffect(() => {
    uploaded.current = onUploaded;
  });
  useEffect(() => () => controller.current?.abort(), []);

  const start = (picked: File) => {
    controller.current?.abort();
    setFile(picked);
    setProgress(0);
    const problem = checkProofFile(picked);
    if (problem) {
      setStatus('failed');
      setError(problem);
      return;
    }
    const current = new AbortController();
    controller.current = current;
    setStatus('uploading');
    setError(null);
    uploadProofOfPayment(picked, { onProgress: setProgress, signal: current.signal })
      .then((url) => {
        if (current.signal.aborted) return;
        setStatus('uploaded');
        uploaded.current(url);
      })
      .catch((failure: unknown) => {
        if (current.signal.aborted) return;
        setStatus('failed');
        setError(getErrorMessage(failure, 'The proof of payment could not be uploaded. Please try again.'));
      });
  };

  return { file, status, progress, error, start };
}
