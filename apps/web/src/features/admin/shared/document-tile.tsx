import BrokenImageOutlined from '@mui/icons-material/BrokenImageOutlined';
import Download from '@mui/icons-material/Download';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import ZoomIn from '@mui/icons-material/ZoomIn';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { getFileExtension, isPdfFile, saveBlob, useProtectedFile } from './files-api';
import { ImagePreviewDialog } from './image-preview-dialog';

/**
 * One uploaded document: an image opens in a full-screen preview, a PDF offers a download under
 * `downloadName`.pdf.
 */
export function DocumentTile({
  label,
  url,
  downloadName,
  height = 220,
}: {
  label: string;
  url: string;
  downloadName: string;
  height?: number;
}) {
  const file = useProtectedFile(url);
  const [isPreviewOpen, setIsPreviewOpen] = useState(false);
  const isPdf = isPdfFile(url, file.blob);
  const download = () => {
    if (file.blob) saveBlob(file.blob, `${downloadName}.${getFileExtension(file.blob)}`);
  };

  return (
    <Paper
      variant="outlined"
      component="figure"
      aria-label={label}
      sx={{ m: 0, overflow: 'hidden', display: 'flex', flexDirection: 'column', borderRadius: 3 }}
    >
      <Box sx={{ height, bgcolor: '#F2F2F7', position: 'relative' }}>
        {file.isLoading && <Skeleton variant="rectangular" animation="wave" sx={{ height: '100%' }} />}
        {file.isError && (
          <Box sx={centered}>
            <BrokenImageOutlined color="disabled" sx={{ fontSize: 40 }} />
            <Typography variant="body2" color="text.secondary">
              The file could not be loaded
            </Typography>
            <Button size="small" onClick={file.retry}>
              Try again
            </Button>
          </Box>
        )}
        {!file.isLoading && !file.isError && isPdf && (
          <Box sx={centered}>
            <PictureAsPdfOutlined sx={{ fontSize: 48, color: 'error.main' }} />
            <Typography variant="body2" color="text.secondary">
              PDF document
            </Typography>
            <Button
              variant="contained"
              size="small"
              startIcon={<Download />}
              onClick={download}
              disabled={!file.blob}
              aria-label={`Download ${label}`}
            >
              Download
            </Button>
          </Box>
        )}
        {!file.isLoading && !file.isError && !isPdf && file.objectUrl && (
          <ButtonBase
            onClick={() => setIsPreviewOpen(true)}
            aria-label={`View ${label} full screen`}
            sx={{
              width: '100%',
              height: '100%',
              // The tile hides its overflow, so the focus ring is drawn inside it.
              '&.Mui-focusVisible': { outlineOffset: -3 },
              '&:hover .zoom-hint, &.Mui-focusVisible .zoom-hint': { opacity: 1 },
            }}
          >
            <Box
              component="img"
              src={file.objectUrl}
              alt={label}
              sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
            />
            <Box
              className="zoom-hint"
              sx={{
                position: 'absolute',
                right: 8,
                bottom: 8,
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
                px: 1,
                py: 0.5,
                borderRadius: 2,
                bgcolor: 'rgba(0,0,0,0.6)',
                color: '#fff',
                fontSize: 12,
                fontWeight: 600,
                opacity: { xs: 1, md: 0 },
                transition: 'opacity 150ms ease',
              }}
            >
              <ZoomIn sx={{ fontSize: 16 }} /> View
            </Box>
          </ButtonBase>
        )}
      </Box>
      <Typography component="figcaption" variant="body2" sx={{ px: 2, py: 1.25, fontWeight: 600 }}>
        {label}
      </Typography>
      {!isPdf && (
        <ImagePreviewDialog
          isOpen={isPreviewOpen}
          title={label}
          src={file.objectUrl}
          onClose={() => setIsPreviewOpen(false)}
          onDownload={file.blob ? download : undefined}
        />
      )}
    </Paper>
  );
}

const centered = {
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 1,
  p: 2,
  textAlign: 'center',
} as const;
