import type { InvitationLink } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiClient, getErrorMessage } from '../../../lib/api-client';
import { adminKeys } from '../shared/query-keys';

/**
 * The cooperative's invitation link for new members (admins with member management): the address to
 * copy, a WhatsApp message holding it, and a QR code to show at a meeting.
 */
export function InvitationSection() {
  const invitation = useQuery({
    queryKey: [...adminKeys.all, 'invitation'],
    queryFn: ({ signal }) => apiClient.get<InvitationLink>('/api/admin/invitation', signal),
    staleTime: Infinity,
  });
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="invitation-title">
      <Typography id="invitation-title" variant="h3" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 1 }}>
        Invite members
      </Typography>
      {invitation.isPending && <CircularProgress size={24} aria-label="Loading the invitation link" />}
      {invitation.isError && (
        <Alert severity="error" action={<Button onClick={() => void invitation.refetch()}>Try again</Button>}>
          {getErrorMessage(invitation.error, 'The invitation link could not be loaded.')}
        </Alert>
      )}
      {invitation.data && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            Whoever opens this link can ask to join; their registration is reviewed like every member&apos;s.
          </Typography>
          <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="invitation-url">
            {invitation.data.url}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="contained"
              onClick={() => {
                navigator.clipboard.writeText(invitation.data.url).then(
                  () => setCopied('yes'),
                  () => setCopied('no'),
                );
              }}
            >
              Copy link
            </Button>
            <Button variant="outlined" href={invitation.data.whatsappUrl} target="_blank" rel="noopener noreferrer">
              Share on WhatsApp
            </Button>
          </Box>
          <Box aria-live="polite">
            {copied === 'yes' && <Alert severity="success">Link copied.</Alert>}
            {copied === 'no' && <Alert severity="warning">Copying is not allowed here: select the link instead.</Alert>}
          </Box>
          <Box
            component="img"
            src={invitation.data.qrDataUrl}
            alt={`QR code of the invitation link ${invitation.data.url}`}
            sx={{ width: 200, height: 200 }}
          />
        </Box>
      )}
    </Paper>
  );
}
