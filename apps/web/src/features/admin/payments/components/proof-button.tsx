import Visibility from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchFile } from '../../../../lib/api-client';
import { getFileExtension, isPdfFile, isProtectedFileUrl, saveBlob } from '../../shared/files-api';
import { ImagePreviewDialog, PdfPreviewDialog } from '../../shared/image-preview-dialog';
import { adminKeys } from '../../shared/query-keys';

/** The file path of a proof: a `/api/files/...` path, also when it comes with this site's host in front. */
export function toFilePath(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.origin);
    if (parsed.origin !== window.location.origin) return null;
    return isProtectedFileUrl(parsed.pathname) ? parsed.pathname : null;
  } catch {
    return null;
  }
}

/**
 * The proof's "View" link: shows an image full screen (loaded with the admin's token) or a PDF full
 * screen in a frame of the app (through a short view link), never a download. The session token never
 * goes into a URL.
 */
export function ProofButton({ url, memberName }: { url: string | null; memberName: string }) {
  const queryClient = useQueryClient();
  const path = toFilePath(url);
  const [isLoading, setIsLoading] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  const [preview, setPreview] = useState<{ src: string; blob: Blob } | null>(null);
  const [isPdfOpen, setIsPdfOpen] = useState(false);
  const title = `Proof of payment from ${memberName}`;

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.src) : undefined), [preview]);

  if (!path) {
    return (
      <Button size="small" disabled>
        No proof
      </Button>
    );
  }

  const open = async () => {
    if (isPdfFile(path)) {
      setIsPdfOpen(true);
      return;
    }
    setIsLoading(true);
    setHasFailed(false);
    try {
      const blob = await queryClient.fetchQuery({
        queryKey: adminKeys.file(path),
        queryFn: ({ signal }) => fetchFile(path, signal),
        staleTime: Infinity,
        retry: false,
      });
      setPreview({ src: URL.createObjectURL(blob), blob });
    } catch {
      setHasFailed(true);
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <>
      <Tooltip title={hasFailed ? 'The proof could not be loaded. Try again.' : ''}>
        <Button
          size="small"
          color={hasFailed ? 'error' : 'primary'}
          onClick={() => void open()}
          disabled={isLoading}
          aria-label={`View proof of payment from ${memberName}`}
          startIcon={isLoading ? <CircularProgress size={14} color="inherit" /> : <Visibility fontSize="small" />}
          sx={{ px: 1, minWidth: 0 }}
        >
          {hasFailed ? 'Retry' : 'View'}
        </Button>
      </Tooltip>
      <PdfPreviewDialog isOpen={isPdfOpen} title={title} url={path} onClose={() => setIsPdfOpen(false)} />
      <ImagePreviewDialog
        isOpen={Boolean(preview)}
        title={title}
        src={preview?.src ?? null}
        onClose={() => setPreview(null)}
        onDownload={
          preview ? () => saveBlob(preview.blob, `proof-of-payment.${getFileExtension(preview.blob)}`) : undefined
        }
      />
    </>
  );
}
