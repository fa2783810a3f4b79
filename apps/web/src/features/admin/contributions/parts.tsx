import { contributionStatusLabels, formatRandAmount, type ContributionStatus } from '@letsema/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import TableCell from '@mui/material/TableCell';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { SelectInput } from '../../../components/select-input';
import { useContributionPools } from './api';

const STATUS_COLOURS: Record<ContributionStatus, 'success' | 'info' | 'warning' | 'error' | 'default'> = {
  paid: 'success',
  in_advance: 'info',
  part_paid: 'warning',
  due: 'default',
  overdue: 'error',
};

/** An instalment's standing as a chip, in the words the member sees. */
export function StandingChip({ status }: { status: ContributionStatus }) {
  return (
    <Chip size="small" variant="outlined" color={STATUS_COLOURS[status]} label={contributionStatusLabels[status]} />
  );
}

/** The figures over everything that matches, above the table. */
export function Totals({
  label,
  figures,
}: {
  label: string;
  figures: { label: string; rand?: number; count?: number }[];
}) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        m: 0,
        mb: 2,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: `repeat(${figures.length}, minmax(0, 1fr))` },
      }}
    >
      {figures.map((figure) => (
        <Paper key={figure.label} sx={{ p: 1.5, minWidth: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {figure.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: '1.125rem', whiteSpace: 'nowrap' }}>
            {figure.rand !== undefined ? formatRandAmount(figure.rand) : figure.count}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

/** The register and the arrears list, one tab each. */
export function ContributionTabs() {
  const { pathname } = useLocation();
  const current = pathname.startsWith('/admin/contributions/arrears') ? 'arrears' : 'register';
  return (
    <Tabs value={current} aria-label="Contributions" sx={{ mb: 2 }} variant="scrollable" allowScrollButtonsMobile>
      <Tab value="register" label="Register" component={RouterLink} to="/admin/contributions" />
      <Tab value="arrears" label="Arrears" component={RouterLink} to="/admin/contributions/arrears" />
    </Tabs>
  );
}

type FilterField = { value: string; onChange: (event: { target: { value: string } }) => void };

/** The pool filter of the register and the arrears: every pool, or one. */
export function PoolFilter(props: FilterField) {
  const pools = useContributionPools();
  return (
    <SelectInput label="Pool" {...props}>
      <option value="">Every pool</option>
      {(pools.data ?? []).map((pool) => (
        <option key={pool.id} value={pool.id}>
          {pool.name}
        </option>
      ))}
    </SelectInput>
  );
}

/** The search by a member's name or number. */
export function MemberSearch(props: FilterField) {
  return <TextField label="Name or member number" {...props} slotProps={{ htmlInput: { maxLength: 120 } }} />;
}

/** The member of a row: the name, and the member number under it. */
export function MemberCell({ name, number }: { name: string; number: string }) {
  return (
    <TableCell>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {name}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {number}
      </Typography>
    </TableCell>
  );
}
