import Box from '@mui/material/Box';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { CreatePoolForm } from '../../components/pools/create-pool-form';
import { useCreatePool } from './api';

export function CreatePoolPage() {
  const navigate = useNavigate();
  const createPool = useCreatePool();

  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <PageHeader
        title="Create Pool"
        subtitle="Propose a savings pool. It starts as a draft and opens once an admin approves it."
      />
      <CreatePoolForm
        onCancel={() => void navigate('/pools')}
        onSubmit={async (body) => {
          const pool = await createPool.mutateAsync(body);
          void navigate(pool.id ? `/pools/${pool.id}` : '/pools');
        }}
      />
    </Box>
  );
}
