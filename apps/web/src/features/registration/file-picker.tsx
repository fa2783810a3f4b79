import { acceptAttribute } from '@letsema/domain';
import CheckCircle from '@mui/icons-material/CheckCircle';
import CloudUpload from '@mui/icons-material/CloudUpload';
import Description from '@mui/icons-material/Description';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type ChangeEvent, type DragEvent, type ReactNode } from 'react';
import { useStoredFile } from './api';
import { formatFileSize, isImageType } from './registration-rules';
import { useObjectUrl } from './use-object-url';

export type FilePickerStatus = 'empty' | 'picked' | 'uploading' | 'uploaded' | 'kept';

export interface FilePickerProps {
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
  status: FilePickerStatus;
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
 * Picks one file: from the device's files, from a phone's camera, or dropped on it; shows a preview
 * (a thumbnail, or a PDF's name and size), the upload progress and any error.
 */
export function FilePicker(props: FilePickerProps) {
  const {
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
    onPick,
  } = props;
  const size = props.size ?? 'compact';
  const errorId = useId();
  const [isDragging, setIsDragging] = useState(false);
  // Phones and tablets get a separate camera button; elsewhere the camera choice would do nothing.
  const hasCamera = useMediaQuery('(pointer: coarse)');
  const acceptsImagesOnly = !accept.includes('pdf');
  const isBusy = disabled || status === 'uploading';

  const pickFrom = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    // Cleared so that picking the same file again still counts as a change.
    event.target.value = '';
    if (picked) onPick(picked);
  };
  const dropOn = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setIsDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !isBusy) onPick(dropped);
  };

  const hasFile = Boolean(file) || Boolean(storedUrl);
  const chooseLabel = hasFile ? 'Change' : acceptsImagesOnly ? 'Choose photo' : 'Choose file';

  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        if (!isBusy) setIsDragging(true);
      }}
      onDragLeave={() => setIsDragging(false)}
      onDrop={dropOn}
      sx={{
        border: '1.5px dashed',
        borderStyle: hasFile ? 'solid' : 'dashed',
        borderColor: error
          ? 'error.main'
          : isDragging
            ? 'primary.main'
            : notice && !hasFile
              ? 'warning.main'
              : 'divider',
        bgcolor: isDragging ? 'rgba(0, 122, 255, 0.06)' : hasFile ? 'background.paper' : 'rgba(242, 242, 247, 0.6)',
        borderRadius: 3,
        p: size === 'large' ? { xs: 2, sm: 3 } : 2,
        transition: 'border-color 150ms ease, background-color 150ms ease',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          flexDirection: size === 'large' && !hasFile ? 'column' : 'row',
          alignItems: 'center',
          textAlign: size === 'large' && !hasFile ? 'center' : 'left',
          gap: 2,
        }}
      >
        {hasFile ? (
          <FilePreview file={file} storedUrl={storedUrl ?? null} title={title} size={size} />
        ) : (
          <EmptyIcon isPhoto={acceptsImagesOnly} size={size} />
        )}
        <Box sx={{ minWidth: 0, flexGrow: 1, width: size === 'large' && !hasFile ? '100%' : 'auto' }}>
          <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
          <FileLine file={file} status={status} hint={hint} />
        </Box>
      </Box>

      {status === 'uploading' && (
        <Box sx={{ mt: 2 }}>
          <LinearProgress
            variant="determinate"
            value={Math.round((progress ?? 0) * 100)}
            aria-label={`Uploading: ${title}`}
            sx={{ height: 6, borderRadius: 3 }}
          />
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            Uploading… {Math.round((progress ?? 0) * 100)}%
          </Typography>
        </Box>
      )}

      {notice && !error && !hasFile && (
        <Typography variant="body2" sx={{ mt: 1.5, color: 'warning.dark' }}>
          {notice}
        </Typography>
      )}

      {error && (
        <Typography id={errorId} variant="body2" color="error" role="alert" sx={{ mt: 1.5 }}>
          {error}
        </Typography>
      )}

      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          mt: 2,
          justifyContent: size === 'large' && !hasFile ? 'center' : 'flex-start',
        }}
      >
        <PickButton
          label={chooseLabel}
          inputLabel={inputLabel}
          accept={accept}
          disabled={isBusy}
          describedBy={error ? errorId : undefined}
          icon={hasFile ? undefined : <CloudUpload />}
          variant={hasFile ? 'outlined' : 'contained'}
          onChange={pickFrom}
        />
        {hasCamera && (
          <PickButton
            label="Take photo"
            inputLabel={`${inputLabel} from camera`}
            accept={acceptAttribute.photo}
            capture={capture}
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
  capture?: 'user' | 'environment';
  disabled?: boolean | undefined;
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
          // Hidden from sight but still focusable and reachable by the keyboard through its button.
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
      {isPhoto ? <PhotoCamera fontSize={size === 'large' ? 'large' : 'medium'} /> : <Description />}
    </Box>
  );
}

function FileLine({ file, status, hint }: { file: File | null; status: FilePickerStatus; hint: string }) {
  if (status === 'uploaded' || status === 'kept') {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <CheckCircle color="success" sx={{ fontSize: 18 }} />
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

/** A thumbnail of a picked image or a stored one; a document icon with the name for a PDF. */
function FilePreview({
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
  const blob: Blob | null = file ?? stored.data ?? null;
  const url = useObjectUrl(blob && isImageType(blob.type) ? blob : null);
  const box = size === 'large' ? { xs: 112, sm: 144 } : 56;

  if (url) {
    return (
      <Box
        component="img"
        src={url}
        alt={`${title} preview`}
        sx={{
          width: box,
          height: box,
          flexShrink: 0,
          objectFit: 'cover',
          borderRadius: 2,
          border: '1px solid',
          borderColor: 'divider',
          bgcolor: 'background.default',
        }}
      />
    );
  }
  const isPdf = blob?.type === 'application/pdf';
  return (
    <Box
      aria-label={isPdf ? `${title}: PDF document` : undefined}
      sx={{
        width: box,
        height: box,
        flexShrink: 0,
        borderRadius: 2,
        bgcolor: isPdf ? 'rgba(255, 59, 48, 0.08)' : 'background.default',
        color: isPdf ? 'error.main' : 'text.secondary',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {isPdf ? <PictureAsPdf fontSize="large" /> : <Description fontSize="large" />}
    </Box>
  );
}
