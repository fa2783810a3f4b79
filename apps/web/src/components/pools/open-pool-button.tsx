import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import { formatRandAmount } from '@letsema/domain';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ActionDialog, ActionDialogButtons } from '../action-dialog';
import type { PoolView } from './pool-display';

/**
 * 'Approve & Open' for a draft pool, asking first: once open, members see the pool and can join it,
 * and its terms are fixed from the first membership. `onConfirm` sends the decision and calls `close`
 * when it is answered; a failure is shown by the page, as before.
 */
export function OpenPoolButton({
  pool,
  isPending,
  size = 'medium',
  onConfirm,
}: {
  pool: Pick<PoolView, 'name' | 'pricePerShare'>;
  isPending: boolean;
  size?: 'small' | 'medium';
  onConfirm: (close: () => void) => void;
}) {
  const [isAsking, setIsAsking] = useState(false);
  const textId = useId();
  const close = () => setIsAsking(false);
  return (
    <>
      <Button
        variant="contained"
        color="success"
        size={size}
        onClick={() => setIsAsking(true)}
        disabled={isPending}
        startIcon={
          isPending ? <CircularProgress size={size === 'small' ? 14 : 16} color="inherit" /> : <CheckCircleOutline />
        }
        sx={{ color: '#fff', whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {isPending ? 'Opening…' : 'Approve & Open'}
      </Button>
      <ActionDialog
        isOpen={isAsking}
        title={`Open ${pool.name}?`}
        isPending={isPending}
        describedBy={textId}
        onClose={close}
      >
        <DialogContent sx={{ pt: 0 }}>
          <Typography id={textId} sx={{ overflowWrap: 'anywhere' }}>
            Members will see it and can join at once, at {formatRandAmount(pool.pricePerShare)} a share. Its target and
            duration can be changed only until the first member joins.
          </Typography>
        </DialogContent>
        <ActionDialogButtons
          label="Approve & Open"
          pendingLabel="Opening…"
          color="success"
          isPending={isPending}
          onCancel={close}
          onConfirm={() => onConfirm(close)}
        />
      </ActionDialog>
    </>
  );
}
