import { loanPaymentReference, paymentReferenceFor, type PaymentDetails } from '@letsema/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../lib/visually-hidden';
import { useEffect, useId, useState } from 'react';
import { formatAdminDate } from '../lib/formatters';
import type { CurrentUser } from '../lib/current-user';

/** The account number in groups of four, as a bank letter prints it, easier to read out and type. */
export function groupDigits(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Where to pay by EFT or deposit: the cooperative's account, and the reference that lets the admin
 * who checks the payment find it: a contribution carries the member's (surname and phone), a loan
 * repayment the loan's number, so the two are never taken for each other at the bank. The number
 * and the reference copy with one press.
 */
export function PayToCard({
  details,
  member,
  loanNumber,
}: {
  details: PaymentDetails;
  member: CurrentUser;
  /** Set for a loan repayment: its reference is the loan's number. */
  loanNumber?: string;
}) {
  const titleId = useId();
  const reference = loanNumber ? loanPaymentReference(loanNumber) : paymentReferenceFor(member);
  const rows: { label: string; value: string; copy?: string }[] = [
    { label: 'Bank', value: details.bankName },
    { label: 'Account holder', value: details.accountHolder },
    // The cooperative's own registration number, so the member can tell the account is the cooperative's.
    ...(details.registrationNumber ? [{ label: 'Registration number', value: details.registrationNumber }] : []),
    { label: 'Account number', value: groupDigits(details.accountNumber), copy: details.accountNumber },
    { label: 'Branch code', value: details.branchCode },
    ...(reference ? [{ label: 'Reference', value: reference, copy: reference }] : []),
  ];
  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Typography id={titleId} variant="h4" component="h2">
        Where to pay
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        For an EFT or a deposit at the bank. Then upload the bank’s proof below. These details last changed on{' '}
        {formatAdminDate(details.updatedAt)}.
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.25 }}>
        {rows.map((row) => (
          <Box
            key={row.label}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
              alignItems: 'center',
              columnGap: 2,
            }}
          >
            <Typography component="dt" variant="body2" color="text.secondary">
              {row.label}
            </Typography>
            <Box
              component="dd"
              sx={{ m: 0, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
            >
              <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {row.value}
              </Typography>
              {row.copy && <CopyButton text={row.copy} label={row.label} />}
            </Box>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return undefined;
    const timer = setTimeout(() => setState('idle'), 3000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () => {
    // Without a secure page or permission there is no clipboard: the member copies it by hand.
    if (!navigator.clipboard) return setState('failed');
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  const name = label.toLowerCase();
  const said = {
    idle: '',
    copied: `The ${name} is copied`,
    failed: `The ${name} could not be copied: select it to copy it`,
  };
  return (
    <>
      <Button
        size="small"
        onClick={copy}
        aria-label={state === 'idle' ? `Copy the ${name}` : said[state]}
        sx={{ minWidth: 72 }}
      >
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
      </Button>
      <Box component="span" role="status" sx={visuallyHidden}>
        {said[state]}
      </Box>
    </>
  );
}
