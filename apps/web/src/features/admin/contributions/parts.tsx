import { contributionStatusLabels, formatRandAmount, type ContributionStatus } from '@letsema/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';

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
