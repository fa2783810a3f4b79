import { acceptAttribute } from '@letsema/domain';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatFileSize } from '../lib/proof-file';
import { FilePicker, FileThumbnail } from './file-picker';

export type ProofStatus = 'empty' | 'uploading' | 'uploaded' | 'failed';

/**
 * The proof of payment: picked from the device's files or, on phones, taken with the camera; shows
 * a thumbnail (or a PDF's name and size), the upload progress and any error.
 */
export function ProofPicker({
  file,
  status,
  progress,
  error,
  disabled,
  onPick,
}: {
  file: File | null;
  status: ProofStatus;
  progress: number;
  error: string | null;
  disabled: boolean;
  onPick: (file: File) => void;
}) {
  return (
    <FilePicker
      title="Proof of payment"
      preview={
        <FileThumbnail
          file={file}
          alt="Proof of payment preview"
          pdfLabel="PDF document"
          size={64}
          placeholderIcon={<ReceiptLongOutlined fontSize="large" />}
          placeholderColors={{ bgcolor: 'rgba(0, 122, 255, 0.1)', color: 'primary.main' }}
        />
      }
      details={
        <>
          {file ? (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {file.name} · {formatFileSize(file.size)}
            </Typography>
          ) : (
            <Typography variant="body2" color="text.secondary">
              A photo or screenshot of the payment, or the bank&apos;s PDF confirmation (10 MB at most).
            </Typography>
          )}
          {status === 'uploaded' && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.25 }}>
              <CheckCircle color="success" sx={{ fontSize: 18 }} />
              <Typography variant="body2" sx={{ color: 'success.dark', fontWeight: 500 }}>
                Uploaded
              </Typography>
            </Box>
          )}
        </>
      }
      hasFile={Boolean(file)}
      chooseLabel={file ? 'Change file' : 'Choose file'}
      inputLabel="Proof of payment file"
      cameraInputLabel="Proof of payment from camera"
      accept={acceptAttribute.document}
      capture="environment"
      isUploading={status === 'uploading'}
      progress={progress}
      progressLabel="Uploading proof of payment"
      error={error}
      disabled={disabled}
      onPick={onPick}
    />
  );
}
