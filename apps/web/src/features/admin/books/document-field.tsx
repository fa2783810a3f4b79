import { acceptAttribute, MAX_UPLOAD_BYTES, uploadMessages } from '@letsema/domain';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FilePicker, FileThumbnail } from '../../../components/file-picker';
import { getErrorMessage } from '../../../lib/api-client';
import { uploadBookDocument } from './api';

/**
 * A receipt, proof of income or bank statement: uploaded as soon as it is picked, with its progress;
 * `onUploaded` receives the stored file's URL (or null while none is stored).
 */
export function DocumentField({
  kind,
  title,
  hint,
  error,
  disabled,
  onUploaded,
}: {
  kind: 'expense-receipt' | 'income-proof' | 'bank-statement';
  title: string;
  hint: string;
  error?: string | null;
  disabled?: boolean;
  onUploaded: (url: string | null) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<'empty' | 'uploading' | 'uploaded' | 'failed'>('empty');
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);

  const pick = async (picked: File) => {
    setFile(picked);
    setFailure(null);
    onUploaded(null);
    if (picked.size > MAX_UPLOAD_BYTES) {
      setStatus('failed');
      setFailure(uploadMessages.tooLarge);
      return;
    }
    setStatus('uploading');
    setProgress(0);
    try {
      const url = await uploadBookDocument(kind, picked, setProgress);
      setStatus('uploaded');
      onUploaded(url);
    } catch (problem) {
      setStatus('failed');
      setFailure(getErrorMessage(problem, 'The file could not be uploaded. Please try again.'));
    }
  };

  return (
    <FilePicker
      title={title}
      size="compact"
      preview={
        <FileThumbnail
          file={file}
          alt={`${title} preview`}
          pdfLabel="PDF document"
          size={56}
          placeholderIcon={<ReceiptLongOutlined />}
          placeholderColors={{ bgcolor: 'rgba(0, 122, 255, 0.1)', color: 'primary.main' }}
        />
      }
      details={
        <>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {file ? file.name : hint}
          </Typography>
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
      inputLabel={`${title} file`}
      cameraInputLabel={`${title} from camera`}
      accept={acceptAttribute.document}
      capture="environment"
      isUploading={status === 'uploading'}
      progress={progress}
      progressLabel={`Uploading ${title.toLowerCase()}`}
      error={failure ?? error ?? null}
      disabled={disabled}
      onPick={(picked) => void pick(picked)}
    />
  );
}
