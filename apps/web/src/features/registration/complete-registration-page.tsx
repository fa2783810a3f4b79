import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/page-header';

export function CompleteRegistrationPage() {
  return (
    <>
      <PageHeader
        title="Complete Registration"
        subtitle="Verify your identity to start saving and investing with the cooperative."
      />
      <Paper sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Alert severity="info" sx={{ mb: 2 }}>
          Your account has been created.
        </Alert>
        <Typography color="text.secondary">
          The registration steps (profile details, photo, ID document and two next of kin) are coming soon.
        </Typography>
      </Paper>
    </>
  );
}
