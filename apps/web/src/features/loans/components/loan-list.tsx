import type { LoanSummary } from '@letsema/domain';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Amount } from '../../../components/amount';
import { formatAdminDate } from '../../../lib/formatters';
import { LoanStatusChip } from './loan-chips';

/** What a loan's line says under its title: what is next, or how it ended. */
function describeStanding(loan: LoanSummary): ReactNode {
  if (loan.status === 'active' && loan.arrears.overdueInstalments > 0) {
    return (
      <>
        <Amount rand={loan.arrears.overdueAmount} /> overdue
      </>
    );
  }
  if (loan.status === 'active' && loan.nextInstalment) {
    return (
      <>
        Next: <Amount rand={loan.nextInstalment.amount} /> on {formatAdminDate(loan.nextInstalment.dueOn)}
      </>
    );
  }
  if (loan.status === 'repaid' && loan.closedAt) return `Repaid on ${formatAdminDate(loan.closedAt)}`;
  return `Applied on ${formatAdminDate(loan.createdAt)}`;
}

/** The member's loans, newest first; each opens its page. */
export function LoanList({ loans }: { loans: readonly LoanSummary[] }) {
  return (
    <List aria-label="My loans" disablePadding>
      {loans.map((loan) => (
        <ListItem key={loan.id} disablePadding divider>
          <ListItemButton
            component={RouterLink}
            to={`/loans/${loan.id}`}
            sx={{ px: { xs: 1, sm: 2 }, py: 1.5, gap: 1.5 }}
          >
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography sx={{ fontWeight: 700 }}>{loan.number}</Typography>
                <Typography color="text.secondary">{loan.typeLabel} loan</Typography>
                <LoanStatusChip status={loan.status} label={loan.statusLabel} />
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
                <Amount rand={loan.amount} /> over {loan.termMonths} months · {describeStanding(loan)}
              </Typography>
            </Box>
            <ChevronRight aria-hidden sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
