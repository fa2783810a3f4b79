import { useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '../../lib/api-client';
import type { ProofStatus } from '../../components/proof-picker';
import { checkProofFile } from '../../lib/proof-file';
import { uploadRepaymentProof } from './api';

/** Uploads the picked proof at once, with progress; a newer pick cancels an older upload. */
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
    uploadRepaymentProof(picked, { onProgress: setProgress, signal: current.signal })
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
