import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';

export const NOT_AVAILABLE = 'N/A';

export interface Detail {
  label: string;
  value: string | null | undefined;
}

/** Labelled values in a grid (two columns from sm); a missing value reads N/A. */
export function DetailList({ details, children }: { details: readonly Detail[]; children?: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        columnGap: 3,
        rowGap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {details.map((detail) => (
        <Box key={detail.label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
            {detail.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mt: 0.25, fontWeight: 500, overflowWrap: 'anywhere' }}>
            {detail.value?.trim() || NOT_AVAILABLE}
          </Typography>
        </Box>
      ))}
      {children}
    </Box>
  );
}

/** The address, folded away until asked for: a long address would push the documents down. */
export function CollapsibleAddress({ lines }: { lines: readonly (string | null | undefined)[] }) {
  const [isOpen, setIsOpen] = useState(false);
  const regionId = useId();
  const present = lines.map((line) => line?.trim()).filter((line): line is string => Boolean(line));
  return (
    <Box sx={{ gridColumn: '1 / -1', borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
      <Box component="dt" sx={{ m: 0 }}>
        <ButtonBase
          onClick={() => setIsOpen((open) => !open)}
          aria-expanded={isOpen}
          aria-controls={regionId}
          sx={{ width: '100%', justifyContent: 'space-between', borderRadius: 1, py: 0.5 }}
        >
          <Typography component="span" variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
            Address
          </Typography>
          <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'primary.main' }}>
            <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
              {isOpen ? 'Hide' : 'Show'}
            </Typography>
            <ExpandMore
              aria-hidden
              sx={{ transition: 'transform 150ms ease', transform: isOpen ? 'rotate(180deg)' : 'none' }}
            />
          </Box>
        </ButtonBase>
      </Box>
      <Box component="dd" id={regionId} sx={{ m: 0 }}>
        <Collapse in={isOpen}>
          <Typography sx={{ mt: 0.5, fontWeight: 500, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {present.length ? present.join('\n') : NOT_AVAILABLE}
          </Typography>
        </Collapse>
      </Box>
    </Box>
  );
}
