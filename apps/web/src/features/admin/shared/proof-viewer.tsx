import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { RetryAlert } from '../../../components/retry-alert';
import { isPdfFile, isProtectedFileUrl, useFileViewLink, useProtectedFile } from './files-api';

const frameSx = {
  width: '100%',
  height: { xs: 360, md: 560 },
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  bgcolor: 'grey.100',
} as const;

/**
 * A proof shown inside the app, beside what it is checked against: an image as it is, a PDF in a
 * frame of this site (the browser's own viewer) through a short view link, never a download.
 */
export function ProofViewer({
  url,
  title,
  isFilling = false,
}: {
  url: string | null;
  title: string;
  isFilling?: boolean;
}) {
  if (!isProtectedFileUrl(url)) {
    return (
      <Box sx={{ ...frameSx, height: 'auto', p: 3, textAlign: 'center' }}>
        <Typography color="text.secondary">No proof was uploaded.</Typography>
      </Box>
    );
  }
  return isPdfFile(url) ? (
    <PdfProof url={url} title={title} isFilling={isFilling} />
  ) : (
    <ImageProof url={url} title={title} />
  );
}

/** A PDF in a frame; filling, it takes the whole height of its container (a full-screen preview). */
export function PdfProof({ url, title, isFilling = false }: { url: string; title: string; isFilling?: boolean }) {
  const link = useFileViewLink(url);
  if (link.isError) return <ProofFailed onRetry={() => void link.refetch()} />;
  if (!link.data) return <ProofLoading />;
  return (
    <Box
      component="iframe"
      src={link.data}
      title={title}
      sx={{ ...frameSx, display: 'block', ...(isFilling ? { height: '100%', border: 0, borderRadius: 0 } : {}) }}
    />
  );
}

function ImageProof({ url, title }: { url: string; title: string }) {
  const file = useProtectedFile(url);
  if (file.isError) return <ProofFailed onRetry={file.retry} />;
  if (!file.objectUrl) return <ProofLoading />;
  return (
    <Box sx={{ ...frameSx, height: 'auto', maxHeight: { xs: 420, md: 560 }, overflow: 'auto' }}>
      <Box
        component="img"
        src={file.objectUrl}
        alt={title}
        sx={{ display: 'block', width: '100%', height: 'auto', objectFit: 'contain' }}
      />
    </Box>
  );
}

function ProofLoading() {
  return (
    <Box role="status" aria-label="Loading the proof" sx={{ ...frameSx, display: 'grid', placeItems: 'center' }}>
      <CircularProgress size={32} />
    </Box>
  );
}

function ProofFailed({ onRetry }: { onRetry: () => void }) {
  return <RetryAlert onRetry={onRetry}>The proof could not be loaded.</RetryAlert>;
}
