import type { AdminPayoutAccount } from '@letsema/domain';
import { formatUsableFrom, payoutAccountMessages } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Whether a payout may be made to the member's account now (the server refuses it otherwise). */
export function isPayoutAccountReady(account: AdminPayoutAccount | null | undefined): boolean {
  return Boolean(account?.isUsable);
}

/**
 * The member's payout account in a pay dialog: the bank, its branch code, the holder and the whole
 * number the admin pays into, whether the holder's name is the member's, and whether it may be used yet.
 */
export function PayoutAccountDetails({
  account,
  memberName,
}: {
  account: AdminPayoutAccount | null | undefined;
  memberName: string;
}) {
  if (!account) return <Alert severity="warning">{payoutAccountMessages.memberMissing}</Alert>;
  const rows = [
    ['Bank', account.bankName],
    ['Branch code', account.branchCode],
    ['Account holder', account.accountHolder],
    ['Account number', account.accountNumber],
  ] as const;
  return (
    <Box component="section" aria-label="Payout account" sx={{ display: 'grid', gap: 1 }}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {account.holderMatchesMember ? (
        <Alert severity="success">The holder’s name matches the member’s name ({memberName}).</Alert>
      ) : (
        <Alert severity="warning">
          The holder’s name does not match the member’s name ({memberName}). Check with the member before paying.
        </Alert>
      )}
      {!account.isUsable && (
        <Alert severity="error">{payoutAccountMessages.held(formatUsableFrom(new Date(account.usableFrom)))}</Alert>
      )}
    </Box>
  );
}
