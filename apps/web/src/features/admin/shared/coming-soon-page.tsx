import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface PlannedSection {
  title: string;
  items: readonly string[];
  /** `list` (default) ticks each item; `steps` numbers them in order; `chips` shows them side by side. */
  look?: 'list' | 'steps' | 'chips';
  note?: string;
}

/**
 * A back-office area that is planned but not built yet (spec admin screen 9): its title, a
 * "Coming soon" chip, blank stat tiles and what it will offer.
 */
export function ComingSoonPage({
  title,
  description,
  icon,
  stats,
  sections,
  actions,
}: {
  title: string;
  description: string;
  icon: ReactNode;
  stats: readonly string[];
  sections: readonly PlannedSection[];
  actions?: ReactNode;
}) {
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: { xs: 'flex-start', sm: 'center' },
          justifyContent: 'space-between',
          gap: 2,
          mb: 3,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 }}>
          <Box
            aria-hidden
            sx={{
              width: 52,
              height: 52,
              borderRadius: 3,
              bgcolor: 'rgba(0, 122, 255, 0.1)',
              color: 'primary.main',
              display: { xs: 'none', sm: 'flex' },
              alignItems: 'center',
              justifyContent: 'center',
              flexShrink: 0,
              '& svg': { fontSize: 28 },
            }}
          >
            {icon}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5 }}>
              <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
                {title}
              </Typography>
              <Chip label="Coming soon" color="secondary" size="small" sx={{ fontWeight: 600 }} />
            </Box>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {description}
            </Typography>
          </Box>
        </Box>
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
      </Box>

      <Box
        component="ul"
        aria-label={`${title} figures`}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mb: 3,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            md: `repeat(${Math.min(stats.length, 4)}, minmax(0, 1fr))`,
          },
        }}
      >
        {stats.map((label) => (
          <Paper component="li" key={label} sx={{ p: { xs: 2, sm: 2.5 } }}>
            <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
              {label}
            </Typography>
            <Typography sx={{ fontSize: '1.75rem', fontWeight: 700, mt: 0.5 }}>--</Typography>
          </Paper>
        ))}
      </Box>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        {sections.map((section) => (
          <Paper key={section.title} component="section" aria-label={section.title} sx={{ p: { xs: 2.5, sm: 3 } }}>
            <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
              {section.title}
            </Typography>
            <PlannedItems section={section} />
            {section.note && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                {section.note}
              </Typography>
            )}
          </Paper>
        ))}
      </Box>
    </Box>
  );
}

function PlannedItems({ section }: { section: PlannedSection }) {
  if (section.look === 'chips') {
    return (
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {section.items.map((item) => (
          <li key={item}>
            <Chip label={item} variant="outlined" />
          </li>
        ))}
      </Box>
    );
  }
  const isSteps = section.look === 'steps';
  return (
    <Box component={isSteps ? 'ol' : 'ul'} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {section.items.map((item, index) => (
        <Box component="li" key={item} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          {isSteps ? (
            <Box
              aria-hidden
              sx={{
                width: 28,
                height: 28,
                borderRadius: '50%',
                bgcolor: 'rgba(88, 86, 214, 0.12)',
                color: 'secondary.main',
                fontWeight: 700,
                fontSize: 14,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                flexShrink: 0,
              }}
            >
              {index + 1}
            </Box>
          ) : (
            <CheckCircleOutline aria-hidden sx={{ color: 'text.secondary', fontSize: 22, flexShrink: 0 }} />
          )}
          <Typography>{item}</Typography>
        </Box>
      ))}
    </Box>
  );
}
