import type { LoanSummary } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ActionDialog, ActionDialogButtons } from '../../../components/action-dialog';
import { Amount } from '../../../components/amount';
import { getErrorMessage } from '../../../lib/api-client';
import { formatAdminDate } from '../../../lib/formatters';
import { useAnswerGuarantee } from '../api';
import { formatPercent, getBorrowerName, isAwaitingGuarantorAnswer } from '../loan-rules';
import { LoanStatusChip } from './loan-chips';

type Answer = 'accept' | 'decline';

/**
 * The loans the member is asked to guarantee, or guarantees: who asks, for how much, and Accept or
 * Decline while the request waits, each confirmed in a dialog that says what it does to their capital.
 */
export function GuaranteeRequests({
  loans,
  onAnswered,
}: {
  loans: readonly LoanSummary[];
  onAnswered: (message: string) => void;
}) {
  const answer = useAnswerGuarantee();
  const [asked, setAsked] = useState<{ loan: LoanSummary; answer: Answer } | null>(null);
  const textId = useId();

  const close = () => setAsked(null);
  const confirm = async () => {
    if (!asked) return;
    try {
      await answer.mutateAsync({ id: asked.loan.id, answer: asked.answer });
      const name = getBorrowerName(asked.loan);
      close();
      onAnswered(
        asked.answer === 'accept'
          ? `You now guarantee ${name}'s loan ${asked.loan.number}.`
          : `You declined to guarantee ${name}'s loan ${asked.loan.number}.`,
      );
    } catch {
      // The dialog stays open and shows the error.
    }
  };

  return (
    <>
      <Box component="ul" aria-label="Guarantee requests" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {loans.map((loan) => {
          const name = getBorrowerName(loan);
          return (
            <Box
              component="li"
              key={loan.id}
              sx={{ py: 2, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
            >
              <Box
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  gap: 1,
                }}
              >
                <Typography sx={{ fontWeight: 700 }}>
                  {name} · {loan.number}
                </Typography>
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  {loan.guarantor && (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={
                        loan.guarantor.status === 'requested'
                          ? 'Waiting for your answer'
                          : `Your answer: ${loan.guarantor.statusLabel}`
                      }
                    />
                  )}
                  <LoanStatusChip status={loan.status} label={loan.statusLabel} />
                </Box>
              </Box>
              <Typography sx={{ mt: 0.5 }}>
                Guarantee {loan.guarantor && <Amount rand={loan.guarantor.guaranteedAmount} />} of a{' '}
                {loan.typeLabel.toLowerCase()} loan of <Amount rand={loan.amount} /> over {loan.termMonths} months (
                <Amount rand={loan.instalment} /> a month at {formatPercent(loan.annualRatePercent)} a year).
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                Purpose: {loan.purpose} · Asked on {formatAdminDate(loan.createdAt)}
              </Typography>
              {isAwaitingGuarantorAnswer(loan) && (
                <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
                  <Button
                    variant="contained"
                    color="success"
                    sx={{ color: '#fff' }}
                    aria-label={`Accept guarantee of ${loan.number}`}
                    onClick={() => {
                      answer.reset();
                      setAsked({ loan, answer: 'accept' });
                    }}
                  >
                    Accept
                  </Button>
                  <Button
                    variant="outlined"
                    color="error"
                    aria-label={`Decline guarantee of ${loan.number}`}
                    onClick={() => {
                      answer.reset();
                      setAsked({ loan, answer: 'decline' });
                    }}
                  >
                    Decline
                  </Button>
                </Box>
              )}
            </Box>
          );
        })}
      </Box>

      <ActionDialog
        isOpen={asked !== null}
        title={asked?.answer === 'decline' ? 'Decline this guarantee?' : 'Guarantee this loan?'}
        isPending={answer.isPending}
        describedBy={textId}
        onClose={close}
      >
        <DialogContent>
          {answer.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {getErrorMessage(answer.error, 'Failed to answer the request')}
            </Alert>
          )}
          {asked && (
            <DialogContentText id={textId}>
              {asked.answer === 'accept' ? (
                <>
                  If you accept, <Amount rand={asked.loan.guarantor?.guaranteedAmount ?? 0} /> of your capital is held
                  until {getBorrowerName(asked.loan)}'s loan {asked.loan.number} is repaid. The loan admins then decide
                  the loan.
                </>
              ) : (
                <>
                  Accepting would hold <Amount rand={asked.loan.guarantor?.guaranteedAmount ?? 0} /> of your capital
                  until the loan is repaid. If you decline, {getBorrowerName(asked.loan)}'s application{' '}
                  {asked.loan.number} stops and none of your capital is held.
                </>
              )}
            </DialogContentText>
          )}
        </DialogContent>
        <ActionDialogButtons
          label={asked?.answer === 'decline' ? 'Decline request' : 'Accept and hold my capital'}
          pendingLabel={asked?.answer === 'decline' ? 'Declining…' : 'Accepting…'}
          color={asked?.answer === 'decline' ? 'error' : 'success'}
          isPending={answer.isPending}
          onCancel={close}
          onConfirm={() => void confirm()}
        />
      </ActionDialog>
    </>
  );
}
