import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeader } from './page-header';

/** A page whose content is still being built: its title and a short note. */
export function PlaceholderPage({ title, note = 'This section is coming soon.' }: { title: string; note?: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        <ConstructionOutlined color="disabled" sx={{ fontSize: 48, mb: 1 }} />
        <Typography color="text.secondary">{note}</Typography>
      </Paper>
    </>
  );
}
