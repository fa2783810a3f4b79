import { formatRandAmount, type MemberPosition } from '@letsema/domain';
import { Figure } from '../../components/figure';
import { PlainPaper } from '../../components/plain/plain-paper';
import { PlainSkeleton } from '../../components/plain/plain-placeholders';
import { PlainRetryAlert } from '../../components/plain/plain-retry-alert';
import { getErrorMessage } from '../../lib/api-client';
import { useMyPosition } from './api';
import styles from './dashboard-page.module.css';
import { describeGuaranteeHold, isEmptyPosition } from './dashboard-rules';

const LABEL = 'Net position';
export const POSITION_LOAD_FAILED = 'Your net position could not be loaded';

/** The member's net position and capital held for guarantees, loaded for the dashboard. */
export function PositionCard() {
  const position = useMyPosition();
  if (position.isError) {
    return (
      <PositionView
        state={{ kind: 'error', message: getErrorMessage(position.error, POSITION_LOAD_FAILED) }}
        onRetry={() => void position.refetch()}
      />
    );
  }
  return (
    <PositionView
      state={position.data ? { kind: 'ready', position: position.data } : { kind: 'loading' }}
      onRetry={() => void position.refetch()}
    />
  );
}

export type PositionState =
  { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; position: MemberPosition };

/**
 * One net position: capital plus returns not yet paid out, less what is owed on loans paid out, the
 * figures a statement ending today closes on; and the capital pledged for loans the member guarantees.
 */
export function PositionView({ state, onRetry }: { state: PositionState; onRetry: () => void }) {
  if (state.kind === 'error') {
    return (
      <PlainRetryAlert className={styles.retryAbove} onRetry={onRetry}>
        {state.message}
      </PlainRetryAlert>
    );
  }
  const position = state.kind === 'ready' ? state.position : null;
  return (
    <PlainPaper label={LABEL} className={styles.position}>
      <p className={styles.statLabel}>{LABEL}</p>
      <p className={styles.positionValue}>
        {position ? formatRandAmount(position.netPosition) : <PlainSkeleton width={140} />}
      </p>
      {/* A member with nothing yet sees the same four figures at zero, so the card keeps the height its
          placeholders had while loading and nothing below it moves. */}
      <p className={styles.note}>
        {position && isEmptyPosition(position)
          ? 'Nothing yet: your capital, returns and loans appear here once you invest or borrow.'
          : 'Capital plus returns, less loans owed, as your statement closes today.'}
      </p>
      <div className={styles.positionFigures}>
        <Figure label="Capital" value={amountOrSkeleton(position?.capital)} />
        <Figure label="Returns" value={amountOrSkeleton(position?.returns)} hint="Allocated, not yet paid out" />
        <Figure label="Loans owed" value={amountOrSkeleton(position?.loansOwed)} hint="On loans paid out" />
        <Figure
          label="Held for guarantees"
          value={amountOrSkeleton(position?.heldForGuarantees)}
          hint={position ? describeGuaranteeHold(position.guaranteesHeld) : '\u00a0'}
        />
      </div>
    </PlainPaper>
  );
}

function amountOrSkeleton(rand: number | undefined) {
  return rand === undefined ? <PlainSkeleton width={80} /> : formatRandAmount(rand);
}
