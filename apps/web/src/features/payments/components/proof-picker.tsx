import { acceptAttribute } from '@letsema/domain';
import CheckCircle from '@mui/icons-material/CheckCircle';
import CloudUpload from '@mui/icons-material/CloudUpload';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, type ChangeEvent, type ReactNode } from 'react';
import { useObjectUrl } from '../../../lib/use-object-url';
import { formatFileSize } from '../payment-rules';

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
  const errorId = useId();
  // Phones and tablets get a camera button; elsewhere it would do nothing.
  const hasCamera = useMediaQuery('(pointer: coarse)');
  const isBusy = disabled || status === 'uploading';
  const percent = Math.round(progress * 100);

  const pickFrom = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    // Cleared so that picking the same file again still counts as a change.
    event.target.value = '';
    if (picked) onPick(picked);
  };

  return (
    <Box
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        const dropped = event.dataTransfer.files[0];
        if (dropped && !isBusy) onPick(dropped);
      }}
      sx={{
        border: '1.5px solid',
        borderStyle: file ? 'solid' : 'dashed',
        borderColor: error ? 'error.main' : 'divider',
        bgcolor: file ? 'background.paper' : 'rgba(242, 242, 247, 0.6)',
        borderRadius: 3,
        p: 2,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <ProofPreview file={file} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>Proof of payment</Typography>
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
        </Box>
      </Box>

      {status === 'uploading' && (
        <Box sx={{ mt: 2 }}>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label="Uploading proof of payment"
            sx={{ height: 6, borderRadius: 3 }}
          />
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            Uploading… {percent}%
          </Typography>
        </Box>
      )}

      {error && (
        <Typography id={errorId} variant="body2" color="error" role="alert" sx={{ mt: 1.5 }}>
          {error}
        </Typography>
      )}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <PickButton
          label={file ? 'Change file' : 'Choose file'}
          inputLabel="Proof of payment file"
          accept={acceptAttribute.document}
          disabled={isBusy}
          describedBy={error ? errorId : undefined}
          icon={file ? undefined : <CloudUpload />}
          variant={file ? 'outlined' : 'contained'}
          onChange={pickFrom}
        />
        {hasCamera && (
          <PickButton
            label="Take photo"
            inputLabel="Proof of payment from camera"
            accept={acceptAttribute.photo}
            capture="environment"
            disabled={isBusy}
            icon={<PhotoCamera />}
            variant="outlined"
            onChange={pickFrom}
          />
        )}
      </Box>
    </Box>
  );
}

function PickButton({
  label,
  inputLabel,
  accept,
  capture,
  disabled,
  describedBy,
  icon,
  variant,
  onChange,
}: {
  label: string;
  inputLabel: string;
  accept: string;
  capture?: 'environment';
  disabled: boolean;
  describedBy?: string | undefined;
  icon?: ReactNode;
  variant: 'contained' | 'outlined';
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <Button
      component="label"
      role={undefined}
      tabIndex={-1}
      variant={variant}
      startIcon={icon}
      disabled={disabled}
      size="small"
      sx={{ '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
    >
      {label}
      <Box
        component="input"
        type="file"
        accept={accept}
        capture={capture}
        aria-label={inputLabel}
        aria-describedby={describedBy}
        disabled={disabled}
        onChange={onChange}
        sx={{
          // Hidden from sight but still reachable by the keyboard through its button.
          clip: 'rect(0 0 0 0)',
          clipPath: 'inset(50%)',
          height: 1,
          overflow: 'hidden',
          position: 'absolute',
          bottom: 0,
          left: 0,
          whiteSpace: 'nowrap',
          width: 1,
        }}
      />
    </Button>
  );
}

/** A thumbnail of a picked image; a PDF icon for a document; a receipt icon before anything is picked. */
function ProofPreview({ file }: { file: File | null }) {
  const url = useObjectUrl(file?.type.startsWith('image/') ? file : null);
  const box = { width: 64, height: 64, flexShrink: 0, borderRadius: 2 } as const;
  if (url) {
    return (
      <Box
        component="img"
        src={url}
        alt="Proof of payment preview"
        sx={{ ...box, objectFit: 'cover', border: '1px solid', borderColor: 'divider', bgcolor: 'background.default' }}
      />
    );
  }
  const isPdf = file?.type === 'application/pdf';
  return (
    <Box
      aria-label={isPdf ? 'PDF document' : undefined}
      sx={{
        ...box,
        bgcolor: isPdf ? 'rgba(255, 59, 48, 0.08)' : 'rgba(0, 122, 255, 0.1)',
        color: isPdf ? 'error.main' : 'primary.main',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {isPdf ? <PictureAsPdf fontSize="large" /> : <ReceiptLongOutlined fontSize="large" />}
    </Box>
  );
}
