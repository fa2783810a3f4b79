import { rejectableFieldLabels } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/** What was returned to the member and why, shown while they have not resubmitted. */
export function ReturnedNote({ reason, fields }: { reason: string | null; fields: readonly string[] }) {
  if (!reason && fields.length === 0) return null;
  const items = fields.map((field) => rejectableFieldLabels[field] ?? field);
  return (
    <Alert severity="error" variant="outlined" sx={{ bgcolor: 'background.paper' }}>
      <AlertTitle sx={{ fontWeight: 600 }}>Returned to the member</AlertTitle>
      {items.length > 0 && <>Items to redo: {items.join(', ')}. </>}
      {reason && <>Reason: {reason}</>}
    </Alert>
  );
}
