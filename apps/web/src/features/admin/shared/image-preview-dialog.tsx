import Close from '@mui/icons-material/Close';
import Download from '@mui/icons-material/Download';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { PdfProof } from './proof-viewer';

/** An image shown over the whole screen, with Download and Close. */
export function ImagePreviewDialog({
  isOpen,
  title,
  src,
  onClose,
  onDownload,
}: {
  isOpen: boolean;
  title: string;
  src: string | null;
  onClose: () => void;
  onDownload?: () => void;
}) {
  return (
    <Dialog fullScreen open={isOpen} onClose={onClose} aria-labelledby="image-preview-title">
      <AppBar position="relative" sx={{ bgcolor: '#000', color: '#fff', borderBottomColor: 'rgba(255,255,255,0.12)' }}>
        <Toolbar sx={{ gap: 1 }}>
          <Typography id="image-preview-title" component="h2" sx={{ flexGrow: 1, fontWeight: 600 }} noWrap>
            {title}
          </Typography>
          {onDownload && (
            <Button color="inherit" startIcon={<Download />} onClick={onDownload}>
              Download
            </Button>
          )}
          <IconButton color="inherit" edge="end" aria-label="Close preview" onClick={onClose}>
            <Close />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Box
        onClick={onClose}
        sx={{
          flexGrow: 1,
          bgcolor: '#000',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: { xs: 1, sm: 3 },
          minHeight: 0,
        }}
      >
        {src && (
          <Box
            component="img"
            src={src}
            alt={title}
            onClick={(event) => event.stopPropagation()}
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', borderRadius: 1 }}
          />
        )}
      </Box>
    </Dialog>
  );
}

/** A PDF shown over the whole screen in a frame of the app (the browser's own viewer), with Close. */
export function PdfPreviewDialog({
  isOpen,
  title,
  url,
  onClose,
}: {
  isOpen: boolean;
  title: string;
  url: string;
  onClose: () => void;
}) {
  return (
    <Dialog fullScreen open={isOpen} onClose={onClose} aria-labelledby="pdf-preview-title">
      <AppBar position="relative" sx={{ bgcolor: '#000', color: '#fff', borderBottomColor: 'rgba(255,255,255,0.12)' }}>
        <Toolbar sx={{ gap: 1 }}>
          <Typography id="pdf-preview-title" component="h2" sx={{ flexGrow: 1, fontWeight: 600 }} noWrap>
            {title}
          </Typography>
          <IconButton color="inherit" edge="end" aria-label="Close preview" onClick={onClose}>
            <Close />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Box sx={{ flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column', '& > *': { flexGrow: 1 } }}>
        {isOpen && <PdfProof url={url} title={title} isFilling />}
      </Box>
    </Dialog>
  );
}
