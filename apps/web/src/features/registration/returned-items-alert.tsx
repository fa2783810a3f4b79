import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { NextOfKinView } from '@letsema/domain';
import type { Registrant } from './api';
import { listReturnedGroups } from './registration-rules';

/** The warning shown while a returned registration is being redone: what to redo, and the reviewer's reasons. */
export function ReturnedItemsAlert({ user, kin }: { user: Registrant; kin: readonly NextOfKinView[] }) {
  const groups = listReturnedGroups(user, kin);
  return (
    <Alert severity="warning">
      <AlertTitle sx={{ fontWeight: 700 }}>Your registration was returned</AlertTitle>
      {groups.length === 0 ? (
        <Typography variant="body2">
          {user.rejectionReason ?? 'Please check your details and submit them again.'}
        </Typography>
      ) : (
        <>
          <Typography variant="body2">Please update the following items and submit them again:</Typography>
          {groups.map((group) => (
            <Box key={group.title} sx={{ mt: 1.25 }}>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {group.items.map((item) => (
                  <Typography component="li" variant="body2" key={item} sx={{ fontWeight: 600 }}>
                    {item}
                  </Typography>
                ))}
              </Box>
              {group.reason && (
                <Typography variant="body2" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
                  Reason: {group.reason}
                </Typography>
              )}
            </Box>
          ))}
        </>
      )}
    </Alert>
  );
}
