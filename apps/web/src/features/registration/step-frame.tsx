import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** The card one wizard step is shown in: its title, a line about what is asked, then the step itself. */
export function StepFrame({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: { xs: '1.375rem', sm: '1.5rem' } }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.75, mb: 3 }}>
        {description}
      </Typography>
      {children}
    </Paper>
  );
}
