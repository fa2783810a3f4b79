import type { TaskItem, TaskQueueLink } from '@letsema/domain';
import {
  correctionFields,
  decideCorrectionBody,
  hasRole,
  queueOf,
  TASKS_SHOWN_PER_QUEUE,
  type CorrectionView,
} from '@letsema/domain';
import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import { Fragment, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ActionDialog } from '../../../components/action-dialog';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { RetryAlert } from '../../../components/retry-alert';
import { getErrorMessage } from '../../../lib/api-client';
import { formatAdminDate } from '../../../lib/formatters';
import { useSuccessMessage } from '../../../lib/use-success-message';
import { useShellUser } from '../../../shell/shell-context';
import { useDecideCorrection, useMyTasks, usePendingCorrections } from './api';

/** What waits on this admin: every decision their roles allow, oldest first, and what they started. */
export function AdminTasksPage() {
  const user = useShellUser();
  const canReview = hasRole(user, 'member_management');
  const tasks = useMyTasks();
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <PageHeader title="My Tasks" subtitle="Everything waiting on you across the back office, in one list." />
      {tasks.isError && (
        <RetryAlert sx={{ mb: 2 }} onRetry={() => void tasks.refetch()}>
          {getErrorMessage(tasks.error, 'Failed to load your tasks')}
        </RetryAlert>
      )}
      {tasks.isPending ? (
        <Skeleton variant="rounded" height={160} role="status" aria-label="Loading your tasks" />
      ) : (
        tasks.data && (
          <Stack spacing={2} sx={{ mb: 2 }}>
            <TaskList
              title="Waiting for you"
              items={tasks.data.waiting}
              more={tasks.data.more}
              empty={
                <EmptyState
                  icon={<AssignmentTurnedInOutlined />}
                  title="Nothing is waiting on you"
                  text="Tasks for your roles appear here."
                />
              }
            />
            {tasks.data.started.length > 0 && (
              <TaskList title="Started by you, waiting for another admin" items={tasks.data.started} empty={null} />
            )}
          </Stack>
        )
      )}
      {canReview && <CorrectionRequests />}
    </Box>
  );
}

function TaskList({
  title,
  items,
  more = [],
  empty,
}: {
  title: string;
  items: TaskItem[];
  more?: TaskQueueLink[];
  empty: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} variant="h4" component="h2" sx={{ mb: 1 }}>
        {title} ({items.length}
        {more.length > 0 ? '+' : ''})
      </Typography>
      {items.length === 0 ? (
        empty
      ) : (
        <Stack component="ul" spacing={0} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={title}>
          {items.map((item) => (
            <Box
              component="li"
              key={`${item.queue ?? 'month'}:${item.id}`}
              sx={{
                borderTop: 1,
                borderColor: 'divider',
                py: 1.25,
                display: 'flex',
                gap: 1,
                justifyContent: 'space-between',
                flexWrap: 'wrap',
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Link component={RouterLink} to={item.path} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {item.title}
                </Link>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {item.detail}
                </Typography>
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {item.queue ? queueOf(item.queue).label : 'Month end'} · {describeAge(item.since)}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
      {more.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          The {TASKS_SHOWN_PER_QUEUE} oldest of each kind are listed here. More are waiting in{' '}
          {more.map((queue, index) => (
            <Fragment key={queue.queue}>
              {index > 0 && (index === more.length - 1 ? ' and ' : ', ')}
              <Link component={RouterLink} to={queue.path}>
                {queue.label}
              </Link>
            </Fragment>
          ))}
          .
        </Typography>
      )}
    </Paper>
  );
}

/** How long an item has waited: 'today', '1 day', '12 days'. */
function describeAge(since: string): string {
  const days = Math.floor((Date.now() - Date.parse(since)) / (24 * 60 * 60 * 1000));
  if (days <= 0) return 'today';
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

function CorrectionRequests() {
  const pending = usePendingCorrections(true);
  const success = useSuccessMessage();
  const [selected, setSelected] = useState<CorrectionView | null>(null);
  return (
    <Paper component="section" aria-labelledby="corrections-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="corrections-title" variant="h4" component="h2" sx={{ mb: 2 }}>
        Correction requests{pending.data ? ` (${pending.data.total})` : ''}
      </Typography>
      {success.message && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {success.message}
        </Alert>
      )}
      {pending.isPending && <Skeleton variant="rounded" height={80} />}
      {pending.isError && (
        <RetryAlert onRetry={() => void pending.refetch()}>
          {getErrorMessage(pending.error, 'Failed to load the correction requests')}
        </RetryAlert>
      )}
      {pending.data?.requests.length === 0 && (
        <Typography color="text.secondary">No member is waiting for a correction.</Typography>
      )}
      <Stack component="ul" aria-label="Correction requests" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {pending.data?.requests.map((request) => (
          <Box component="li" key={request.id} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {request.member?.fullName ?? request.member?.email} · {correctionFields[request.field]}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {request.member?.email} · asked {formatAdminDate(request.createdAt)}
            </Typography>
            <Typography variant="body2" sx={{ my: 1, overflowWrap: 'anywhere' }}>
              {request.message}
            </Typography>
            <Button size="small" variant="outlined" onClick={() => setSelected(request)}>
              Answer
            </Button>
          </Box>
        ))}
      </Stack>
      <AnswerDialog
        request={selected}
        onClose={() => setSelected(null)}
        onAnswered={() => {
          setSelected(null);
          success.show('The member has been told.');
        }}
      />
    </Paper>
  );
}

function AnswerDialog({
  request,
  onClose,
  onAnswered,
}: {
  request: CorrectionView | null;
  onClose: () => void;
  onAnswered: () => void;
}) {
  const decide = useDecideCorrection();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);

  const answer = (decision: 'resolved' | 'declined') => (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = decideCorrectionBody.safeParse({ decision, reply });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    decide.mutate({ id: request!.id, body: parsed.data }, { onSuccess: onAnswered });
  };

  return (
    <ActionDialog
      isOpen={request !== null}
      title="Answer the correction request"
      subtitle={request ? `${correctionFields[request.field]}: ${request.message}` : undefined}
      isPending={decide.isPending}
      onClose={onClose}
      onExited={() => {
        setReply('');
        setError(null);
        decide.reset();
      }}
    >
      <form noValidate onSubmit={answer('resolved')}>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {decide.error && (
              <Alert severity="error">{getErrorMessage(decide.error, 'The answer was not saved')}</Alert>
            )}
            <TextField
              label="Your answer to the member"
              multiline
              minRows={3}
              value={reply}
              onChange={(event) => setReply(event.target.value)}
              error={error !== null}
              helperText={error ?? 'Say what was corrected, or why nothing was changed.'}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
              disabled={decide.isPending}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={decide.isPending}>
            Cancel
          </Button>
          <Button onClick={() => answer('declined')()} disabled={decide.isPending}>
            Not changed
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={decide.isPending}
            startIcon={decide.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            Corrected
          </Button>
        </DialogActions>
      </form>
    </ActionDialog>
  );
}
