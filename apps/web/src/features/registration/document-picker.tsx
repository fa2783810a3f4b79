import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FilePicker, FileThumbnail } from '../../components/file-picker';
import { PlainIcon } from '../../components/plain/plain-icon';
import { checkCircle, description, photoCamera } from '../../components/plain/plain-icons';
import { useStoredFile } from './api';
import { formatFileSize } from './registration-rules';

export type DocumentPickerStatus = 'empty' | 'picked' | 'uploading' | 'uploaded' | 'kept';

export interface DocumentPickerProps {
  /** What the file is, shown as the picker's title ("Passport photo"). */
  title: string;
  hint: string;
  /** The accessible name of the file input. */
  inputLabel: string;
  accept: string;
  /** Which camera a phone offers for a new picture. */
  capture: 'user' | 'environment';
  /** The file picked on this device, if any. */
  file: File | null;
  /** A file already on the server, shown when nothing new was picked. */
  storedUrl?: string | null;
  status: DocumentPickerStatus;
  /** Share of the upload sent (0 to 1) while uploading. */
  progress?: number;
  error?: string | null;
  /** A line drawing attention to the picker without being an error (a document an admin returned). */
  notice?: string | null;
  disabled?: boolean;
  /** The large layout shows a big preview (the member's own photo and ID); the compact one a row. */
  size?: 'large' | 'compact';
  onPick: (file: File) => void;
}

/**
 * Picks one registration document: shows a preview (a thumbnail, or a PDF's name and size) of the
 * picked file or the one already stored, the upload progress and any error.
 */
export function DocumentPicker({
  title,
  hint,
  inputLabel,
  accept,
  capture,
  file,
  storedUrl,
  status,
  progress,
  error,
  notice,
  disabled,
  size = 'compact',
  onPick,
}: DocumentPickerProps) {
  const acceptsImagesOnly = !accept.includes('pdf');
  const hasFile = Boolean(file) || Boolean(storedUrl);

  return (
    <FilePicker
      title={title}
      preview={
        hasFile ? (
          <DocumentPreview file={file} storedUrl={storedUrl ?? null} title={title} size={size} />
        ) : (
          <EmptyIcon isPhoto={acceptsImagesOnly} size={size} />
        )
      }
      details={<FileLine file={file} status={status} hint={hint} />}
      hasFile={hasFile}
      chooseLabel={hasFile ? 'Change' : acceptsImagesOnly ? 'Choose photo' : 'Choose file'}
      inputLabel={inputLabel}
      cameraInputLabel={`${inputLabel} from camera`}
      accept={accept}
      capture={capture}
      isUploading={status === 'uploading'}
      progress={progress ?? 0}
      progressLabel={`Uploading: ${title}`}
      error={error}
      notice={notice}
      disabled={disabled}
      size={size}
      onPick={onPick}
    />
  );
}

function EmptyIcon({ isPhoto, size }: { isPhoto: boolean; size: 'large' | 'compact' }) {
  const box = size === 'large' ? 64 : 48;
  return (
    <Box
      sx={{
        width: box,
        height: box,
        flexShrink: 0,
        borderRadius: '50%',
        bgcolor: 'rgba(0, 122, 255, 0.1)',
        color: 'primary.main',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {isPhoto ? (
        <PlainIcon drawing={photoCamera} size={size === 'large' ? 'large' : 'medium'} />
      ) : (
        <PlainIcon drawing={description} />
      )}
    </Box>
  );
}

function FileLine({ file, status, hint }: { file: File | null; status: DocumentPickerStatus; hint: string }) {
  if (status === 'uploaded' || status === 'kept') {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <PlainIcon drawing={checkCircle} colour="success" size={18} />
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {status === 'uploaded' ? 'Uploaded' : 'Already uploaded'}
          {file ? ` · ${file.name}` : ''}
        </Typography>
      </Box>
    );
  }
  if (file) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {file.name} · {formatFileSize(file.size)}
      </Typography>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary">
      {hint}
    </Typography>
  );
}

/** The picked file, or else the stored one once loaded. */
function DocumentPreview({
  file,
  storedUrl,
  title,
  size,
}: {
  file: File | null;
  storedUrl: string | null;
  title: string;
  size: 'large' | 'compact';
}) {
  const stored = useStoredFile(file ? null : storedUrl);
  return (
    <FileThumbnail
      file={file ?? stored.data ?? null}
      alt={`${title} preview`}
      pdfLabel={`${title}: PDF document`}
      size={size === 'large' ? { xs: 112, sm: 144 } : 56}
      placeholderIcon={<PlainIcon drawing={description} size="large" />}
      placeholderColors={{ bgcolor: 'background.default', color: 'text.secondary' }}
    />
  );
}
