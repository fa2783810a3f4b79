import { formatRandAmount } from '@letsema/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { capitalizeLabel, type ContributionPlan } from './pool-display';

/** The pool's payment methods as chips, or the empty text. */
export function PaymentMethodChips({ methods, emptyText }: { methods: readonly string[]; emptyText: string }) {
  if (methods.length === 0) return <Typography color="text.secondary">{emptyText}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {methods.map((method) => (
        <Box component="li" key={method} sx={{ maxWidth: '100%' }}>
          <Chip label={method} color="primary" variant="outlined" sx={{ maxWidth: '100%' }} />
        </Box>
      ))}
    </Box>
  );
}

/** Each contribution plan with the instalment for one share, or the empty text. */
export function ContributionPlanList({
  plans,
  emptyText,
  isDense = false,
}: {
  plans: readonly ContributionPlan[];
  emptyText: string;
  /** Tighter rows, for a card among several. */
  isDense?: boolean;
}) {
  if (plans.length === 0) return <Typography color="text.secondary">{emptyText}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {plans.map((plan) => (
        <Box
          component="li"
          key={plan.frequency}
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: 2,
            px: 2,
            py: isDense ? 1.25 : 1.5,
            borderRadius: 2.5,
            bgcolor: '#F2F2F7',
          }}
        >
          <Typography sx={{ fontWeight: 500 }}>{capitalizeLabel(plan.label)}</Typography>
          <Typography sx={{ fontWeight: 700 }}>{formatRandAmount(plan.amount)}</Typography>
        </Box>
      ))}
    </Box>
  );
}
