import type { LoanOffer } from '@letsema/domain';
import { formatRandAmount, loanMessages } from '@letsema/domain';
import CreditCardOffOutlined from '@mui/icons-material/CreditCardOffOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { Figure } from '../../components/figure';
import { PageHeader } from '../../components/page-header';
import { RetryAlert } from '../../components/retry-alert';
import { getErrorMessage } from '../../lib/api-client';
import { useSuccessMessage } from '../../lib/use-success-message';
import { useLoanOffer, useMyGuarantees, useMyLoans } from './api';
import { ApplicationForm } from './components/application-form';
import { GuaranteeRequests } from './components/guarantee-requests';
import { LoanList } from './components/loan-list';
import { isAwaitingGuarantorAnswer } from './loan-rules';

/**
 * The member's loans: the application form with its schedule (or why loans are not offered), their
 * loans, and the loans they are asked to guarantee. `/loans/guarantees` opens at the requests.
 */
export function LoansPage() {
  const offer = useLoanOffer();
  const loans = useMyLoans();
  const guarantees = useMyGuarantees();
  const notice = useSuccessMessage();
  const location = useLocation();
  const guaranteesTitle = useRef<HTMLHeadingElement>(null);

  const isAtGuarantees = location.pathname.replace(/\/$/, '') === '/loans/guarantees';
  const waitingRequests = guarantees.data?.filter(isAwaitingGuarantorAnswer).length ?? 0;

  const showGuarantees = () => {
    guaranteesTitle.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    guaranteesTitle.current?.focus({ preventScroll: true });
  };
  useEffect(() => {
    if (isAtGuarantees && guarantees.isSuccess) showGuarantees();
  }, [isAtGuarantees, guarantees.isSuccess]);

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <PageHeader title="Loans" subtitle="Borrow against your savings, repay it, and guarantee other members' loans." />

      {notice.message && (
        <Alert severity="success" sx={{ mb: 3 }} onClose={notice.clear}>
          {notice.message}
        </Alert>
      )}

      {waitingRequests > 0 && !isAtGuarantees && (
        <Alert
          severity="info"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={showGuarantees}>
              See requests
            </Button>
          }
        >
          {waitingRequests === 1
            ? 'A member asks you to guarantee a loan.'
            : `${waitingRequests} members ask you to guarantee a loan.`}
        </Alert>
      )}

      <Stack spacing={3}>
        {offer.isPending && <Skeleton variant="rounded" height={360} sx={{ borderRadius: 3 }} />}
        {offer.isError && (
          <RetryAlert onRetry={() => void offer.refetch()}>
            {getErrorMessage(offer.error, 'Failed to load data')}
          </RetryAlert>
        )}
        {offer.isSuccess && (
          <OfferSection
            offer={offer.data}
            onApplied={(amount) =>
              notice.show(
                `Your application for ${formatRandAmount(amount)} was sent. We will let you know the decision.`,
              )
            }
          />
        )}

        <Paper component="section" aria-labelledby="my-loans-title" sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography id="my-loans-title" variant="h4" component="h2" sx={{ mb: 1 }}>
            My loans
          </Typography>
          {loans.isPending && <ListSkeleton label="Loading your loans" />}
          {loans.isError && (
            <RetryAlert onRetry={() => void loans.refetch()}>
              {getErrorMessage(loans.error, 'Failed to load your loans')}
            </RetryAlert>
          )}
          {loans.isSuccess && loans.data.length === 0 && (
            <EmptyState
              icon={<RequestQuoteOutlined />}
              title="No loans yet"
              text="Your loan applications and loans appear here, with their status and repayments."
            />
          )}
          {loans.isSuccess && loans.data.length > 0 && <LoanList loans={loans.data} />}
        </Paper>

        <Paper component="section" aria-labelledby="guarantees-title" sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography
            id="guarantees-title"
            ref={guaranteesTitle}
            tabIndex={-1}
            variant="h4"
            component="h2"
            sx={{ mb: 1, scrollMarginTop: 80, '&:focus': { outline: 'none' } }}
          >
            Guarantee requests
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            Loans other members ask you to guarantee. The part you guarantee is held from your capital until the loan is
            repaid.
          </Typography>
          {guarantees.isPending && <ListSkeleton label="Loading guarantee requests" />}
          {guarantees.isError && (
            <RetryAlert onRetry={() => void guarantees.refetch()}>
              {getErrorMessage(guarantees.error, 'Failed to load guarantee requests')}
            </RetryAlert>
          )}
          {guarantees.isSuccess && guarantees.data.length === 0 && (
            <EmptyState
              icon={<HandshakeOutlined />}
              title="No guarantee requests"
              text="When a member asks you to guarantee their loan, you can accept or decline it here."
            />
          )}
          {guarantees.isSuccess && guarantees.data.length > 0 && (
            <GuaranteeRequests loans={guarantees.data} onAnswered={notice.show} />
          )}
        </Paper>
      </Stack>
    </Box>
  );
}

/** The member's capital and the form, or why they cannot apply now. */
function OfferSection({ offer, onApplied }: { offer: LoanOffer; onApplied: (amount: number) => void }) {
  if (!offer.isEnabled || offer.products.length === 0) {
    return (
      <Paper component="section" aria-label="Apply for a loan">
        <EmptyState
          icon={<CreditCardOffOutlined />}
          title="Loans are not offered at the moment"
          text={
            offer.isEnabled
              ? 'No type of loan is on offer right now. Please look again later.'
              : `${loanMessages.lendingOff} You can still follow and repay the loans you have.`
          }
        />
      </Paper>
    );
  }
  return (
    <>
      <Paper
        component="section"
        aria-label="Your borrowing"
        sx={{
          p: 2,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <Figure label="Paid-up capital" value={formatRandAmount(offer.capital)} />
        <Figure
          label="Principal owed"
          value={formatRandAmount(offer.owed)}
          hint="On loans paid out; interest and penalties are due on top"
        />
        {offer.appliedFor > 0 && (
          <Figure
            label="Applied for"
            value={formatRandAmount(offer.appliedFor)}
            hint="Not yet paid out: counted against your limit"
          />
        )}
        <Figure label="Held for guarantees" value={formatRandAmount(offer.guaranteeHold)} />
      </Paper>
      {offer.capital <= 0 && <Alert severity="info">{loanMessages.noCapital}</Alert>}
      <ApplicationForm offer={offer} onApplied={(loan) => onApplied(loan.amount)} />
    </>
  );
}

function ListSkeleton({ label }: { label: string }) {
  return (
    <Box role="status" aria-label={label}>
      {[0, 1, 2].map((index) => (
        <Box key={index} sx={{ py: 1.5 }}>
          <Skeleton width="40%" />
          <Skeleton width="70%" />
        </Box>
      ))}
    </Box>
  );
}
