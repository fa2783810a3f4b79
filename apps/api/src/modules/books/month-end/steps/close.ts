import { stamp } from '../deps.js';
import { assertNoReversalWaiting } from '../period.js';
import type { StepContext, StepOutcome } from './step.js';

/** Close: the month becomes final, unless a reversal of one of its records waits. */
export async function closeStep({ deps, tx, period, actorId, row }: StepContext): Promise<StepOutcome> {
  await assertNoReversalWaiting(tx, period);
  return { update: { status: 'closed', steps: { ...row.steps, close: stamp(deps, actorId) } } };
}
