import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { CreatePoolForm } from '../../../components/pools/create-pool-form';
import { useCreatePool } from './api';

export function CreateInvestmentPoolPage() {
  const navigate = useNavigate();
  const createPool = useCreatePool();

  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <Button component={RouterLink} to="/admin/investment" startIcon={<ArrowBack />} sx={{ mb: 2, ml: -1.5 }}>
        Investment
      </Button>
      <PageHeader
        title="Create Investment Pool"
        subtitle="The pool starts as a draft; open it with Approve & Open when it is ready for members."
      />
      <CreatePoolForm
        onCancel={() => void navigate('/admin/investment')}
        onSubmit={async (body) => {
          await createPool.mutateAsync(body);
          void navigate('/admin/investment');
        }}
      />
    </Box>
  );
}
