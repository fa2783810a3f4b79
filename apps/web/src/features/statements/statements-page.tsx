import type { StatementView } from '@letsema/domain';
import { formatRandAmount } from '@letsema/domain';
import Download from '@mui/icons-material/Download';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { RetryAlert } from '../../components/retry-alert';
import { getErrorMessage } from '../../lib/api-client';
import { formatAdminDate, formatPeriod } from '../../lib/formatters';
import { useDownloadStatement, useStatement, useStatementMonths } from './api';
import { TextInput } from '../../components/text-input';

/** A member's statements: one per closed month, and any date range, as PDF or CSV. */
export function StatementsPage() {
  const months = useStatementMonths();
  const download = useDownloadStatement();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const statement = useStatement(range);

  const show = async (event: FormEvent) => {
    event.preventDefault();
    const { statementQuery } = await import('./form-rules');
    const parsed = statementQuery.safeParse({ from, to });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    setRange({ from: parsed.data.from, to: parsed.data.to });
  };

  const buttons = (period: { from: string; to: string }, label: string) => (
    <Stack direction="row" spacing={1}>
      {(['pdf', 'csv'] as const).map((format) => (
        <Button
          key={format}
          size="small"
          variant="outlined"
          startIcon={<Download />}
          disabled={download.isPending}
          aria-label={`Download ${label} as ${format.toUpperCase()}`}
          onClick={() => download.mutate({ ...period, format })}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </Stack>
  );

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <PageHeader
        title="Statements"
        subtitle="What the cooperative holds for you: your payments, the returns allocated to you and any payouts."
      />
      {download.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {getErrorMessage(download.error, 'The statement could not be downloaded')}
        </Alert>
      )}

      <Paper component="section" aria-label="Monthly statements" sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          Monthly statements
        </Typography>
        {months.isError ? (
          <RetryAlert onRetry={() => void months.refetch()}>
            {getErrorMessage(months.error, 'The months could not be loaded')}
          </RetryAlert>
        ) : months.isPending ? (
          <Skeleton variant="rounded" height={80} role="status" aria-label="Loading statements" />
        ) : months.data.months.length === 0 ? (
          <EmptyState
            icon={<ReceiptLongOutlined />}
            title="No closed months yet"
            text="A statement appears here once the cooperative closes a month. You can still choose any dates below."
          />
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {months.data.months.map((month) => (
              <Box
                component="li"
                key={month.period}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: 1,
                  alignItems: 'center',
                  justifyContent: 'space-between',
                }}
              >
                <Typography sx={{ fontWeight: 600 }}>{formatPeriod(month.period)}</Typography>
                {buttons({ from: month.first, to: month.last }, `the ${formatPeriod(month.period)} statement`)}
              </Box>
            ))}
          </Stack>
        )}
      </Paper>

      <Paper component="section" aria-label="Any dates" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          Any dates
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void show(event)}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' }, alignItems: 'start' }}
        >
          <TextInput
            label="From"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextInput
            label="To"
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button type="submit" variant="contained" sx={{ height: 56 }}>
            Show statement
          </Button>
        </Box>
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
        {range && statement.isPending && (
          <Skeleton variant="rounded" height={120} sx={{ mt: 2 }} role="status" aria-label="Loading the statement" />
        )}
        {statement.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {getErrorMessage(statement.error, 'The statement could not be loaded')}
          </Alert>
        )}
        {statement.data && range && (
          <Box sx={{ mt: 2 }} aria-live="polite">
            <Box
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'center' }}
            >
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                Statement {statement.data.number}
              </Typography>
              {buttons(range, 'this statement')}
            </Box>
            <Typography variant="body2" sx={{ mt: 1 }}>
              Opening balance {formatRandAmount(statement.data.openingBalance)} · payments{' '}
              {formatRandAmount(statement.data.payments)} · returns {formatRandAmount(statement.data.returns)} · payouts{' '}
              {formatRandAmount(statement.data.payouts)} · closing balance{' '}
              <strong>{formatRandAmount(statement.data.closingBalance)}</strong>
            </Typography>
            {statement.data.lines.length === 0 && !hasLoans(statement.data) ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Nothing happened between these dates.
              </Typography>
            ) : (
              <StatementLines
                label="Contributions and returns"
                lines={statement.data.lines.map((line) => ({
                  key: `${line.reference}-${line.pool}`,
                  text: statementLineText(line.date, line.type, line.pool, line.reference),
                  amount: line.amount,
                }))}
              />
            )}
            {hasLoans(statement.data) && (
              <Box component="section" aria-labelledby="statement-loans-title" sx={{ mt: 2 }}>
                <Typography id="statement-loans-title" variant="subtitle2" component="h4" sx={{ fontWeight: 700 }}>
                  Loans
                </Typography>
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  Owed at the start {formatRandAmount(statement.data.loans.openingOwed)} · interest paid{' '}
                  {formatRandAmount(statement.data.loans.interestPaid)} · owed at the end{' '}
                  <strong>{formatRandAmount(statement.data.loans.closingOwed)}</strong>
                </Typography>
                <StatementLines
                  label="Loan movements"
                  lines={statement.data.loans.lines.map((line) => ({
                    key: `${line.reference}-${line.loan}-${line.type}`,
                    text: statementLineText(line.date, line.type, line.loan, line.reference),
                    amount: line.amount,
                  }))}
                />
              </Box>
            )}
          </Box>
        )}
      </Paper>
    </Box>
  );
}

/** Whether the member owed on a loan in the range, or it moved. */
function hasLoans(statement: StatementView): boolean {
  const { loans } = statement;
  return loans.lines.length > 0 || loans.openingOwed !== 0 || loans.closingOwed !== 0;
}

function StatementLines({ label, lines }: { label: string; lines: { key: string; text: string; amount: number }[] }) {
  if (lines.length === 0) return null;
  return (
    <Stack component="ul" aria-label={label} spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
      {lines.map((line) => (
        <Box
          component="li"
          key={line.key}
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            gap: 1,
            borderBottom: 1,
            borderColor: 'divider',
            py: 0.5,
          }}
        >
          <Typography variant="body2">{line.text}</Typography>
          <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {formatRandAmount(line.amount)}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

/** A line of a statement as the member reads it: its day in words, what it was, for what, its entry. */
export function statementLineText(date: string, type: string, what: string, reference: string): string {
  return `${formatAdminDate(date)} · ${type} · ${what} · ${reference}`;
}
