import { acceptAttribute } from '@letsema/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId, useState, type ChangeEvent, type DragEvent, type ReactNode } from 'react';
import { useObjectUrl } from '../lib/use-object-url';
import { useMediaQuery } from './plain/media-queries';
import { PlainIcon } from './plain/plain-icon';
import { cloudUpload, photoCamera, pictureAsPdf } from './plain/plain-icons';

export interface FilePickerProps {
  /** What the file is, shown as the picker's title ("Passport photo"). */
  title: string;
  /** The thumbnail or icon before the title. */
  preview: ReactNode;
  /** The lines under the title: the picked file, its upload state or a hint. */
  details: ReactNode;
  /** Whether a file is picked (or already stored): the frame turns solid and the main button offers a change. */
  hasFile: boolean;
  /** The main button's text ("Choose file", "Change"). */
  chooseLabel: string;
  /** The accessible name of the file input. */
  inputLabel: string;
  /** The accessible name of the camera's file input. */
  cameraInputLabel: string;
  accept: string;
  /** Which camera a phone offers for a new picture. */
  capture: 'user' | 'environment';
  isUploading: boolean;
  /** Share of the upload sent (0 to 1) while uploading. */
  progress: number;
  /** The accessible name of the progress bar. */
  progressLabel: string;
  error?: string | null;
  /** A line drawing attention to the picker without being an error, shown while no file is picked. */
  notice?: string | null;
  disabled?: boolean;
  /** The large layout stacks an empty picker and centres it; the compact one is a row. */
  size?: 'large' | 'compact';
  onPick: (file: File) => void;
}

/**
 * Picks one file: from the device's files, from a phone's camera, or dropped on it; shows the
 * given preview and details, the upload progress and any error.
 */
export function FilePicker({
  title,
  preview,
  details,
  hasFile,
  chooseLabel,
  inputLabel,
  cameraInputLabel,
  accept,
  capture,
  isUploading,
  progress,
  progressLabel,
  error,
  notice,
  disabled,
  size = 'compact',
  onPick,
}: FilePickerProps) {
  const errorId = useId();
  const [isDragging, setIsDragging] = useState(false);
  // Phones and tablets get a separate camera button; elsewhere the camera choice would do nothing.
  const hasCamera = useMediaQuery('(pointer: coarse)');
  const isBusy = disabled || isUploading;
  const isStacked = size === 'large' && !hasFile;
  const percent = Math.round(progress * 100);

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
          flexDirection: isStacked ? 'column' : 'row',
          alignItems: 'center',
          textAlign: isStacked ? 'center' : 'left',
          gap: 2,
        }}
      >
        {preview}
        <Box sx={{ minWidth: 0, flexGrow: 1, width: isStacked ? '100%' : 'auto' }}>
          <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
          {/* What was picked, and that it was uploaded, is read out as it changes. */}
          <Box role="status">{details}</Box>
        </Box>
      </Box>

      {/* Kept in the page so that the start of an upload is read out; the share sent is on the bar. */}
      <Box role="status">
        {isUploading && (
          <Box sx={{ mt: 2 }}>
            <LinearProgress
              variant="determinate"
              value={percent}
              aria-label={progressLabel}
              sx={{ height: 6, borderRadius: 3 }}
            />
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
              Uploading… <span aria-hidden="true">{percent}%</span>
            </Typography>
          </Box>
        )}
      </Box>

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
          justifyContent: isStacked ? 'center' : 'flex-start',
        }}
      >
        <FileButton
          label={chooseLabel}
          inputLabel={inputLabel}
          accept={accept}
          disabled={isBusy}
          describedBy={error ? errorId : undefined}
          icon={hasFile ? undefined : <PlainIcon drawing={cloudUpload} />}
          variant={hasFile ? 'outlined' : 'contained'}
          onChange={pickFrom}
        />
        {hasCamera && (
          <FileButton
            label="Take photo"
            inputLabel={cameraInputLabel}
            accept={acceptAttribute.photo}
            capture={capture}
            disabled={isBusy}
            icon={<PlainIcon drawing={photoCamera} />}
            variant="outlined"
            onChange={pickFrom}
          />
        )}
      </Box>
    </Box>
  );
}

/**
 * A button that opens the device's file chooser. The file input inside it is out of sight but is
 * what the keyboard reaches (Enter or Space opens the chooser), so the button shows its focus ring.
 */
export function FileButton({
  label,
  inputLabel,
  accept,
  capture,
  disabled,
  describedBy,
  icon,
  variant,
  onChange,
  size = 'small',
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
  size?: 'small' | 'medium';
}) {
  return (
    <Button
      component="label"
      role={undefined}
      tabIndex={-1}
      variant={variant}
      startIcon={icon}
      disabled={disabled}
      size={size}
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

/** Whether a picked or stored file is shown as an image (else as a document). */
function isImageType(type: string): boolean {
  return type.startsWith('image/');
}

/**
 * A square preview of a file: a thumbnail of an image, a PDF icon for a PDF, else the placeholder
 * icon on its own colours (nothing picked yet, or a file still loading).
 */
export function FileThumbnail({
  file,
  alt,
  pdfLabel,
  size,
  placeholderIcon,
  placeholderColors,
}: {
  file: Blob | null;
  /** The thumbnail's alternative text ("Passport photo preview"). */
  alt: string;
  /** The accessible name of the PDF icon. */
  pdfLabel: string;
  size: number | { xs: number; sm: number };
  placeholderIcon: ReactNode;
  placeholderColors: { bgcolor: string; color: string };
}) {
  const url = useObjectUrl(file && isImageType(file.type) ? file : null);
  const box = { width: size, height: size, flexShrink: 0, borderRadius: 2 } as const;
  if (url) {
    return (
      <Box
        component="img"
        src={url}
        alt={alt}
        sx={{ ...box, objectFit: 'cover', border: '1px solid', borderColor: 'divider', bgcolor: 'background.default' }}
      />
    );
  }
  const isPdf = file?.type === 'application/pdf';
  return (
    <Box
      aria-label={isPdf ? pdfLabel : undefined}
      sx={{
        ...box,
        ...(isPdf ? { bgcolor: 'rgba(255, 59, 48, 0.08)', color: 'error.main' } : placeholderColors),
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {isPdf ? <PlainIcon drawing={pictureAsPdf} size="large" /> : placeholderIcon}
    </Box>
  );
}
