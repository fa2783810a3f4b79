import { formatRand, formatRandAmount } from '@letsema/domain';
import type { CSSProperties } from 'react';

const ON_ONE_LINE: CSSProperties = { whiteSpace: 'nowrap' };

/**
 * An amount inside a sentence, kept on one line: a narrow screen broke "(R 1 500.50)" into "(R" and
 * "1 500.50)". The text stays the formatter's own, so it reads and copies the same.
 */
export function Amount(props: { rand: number } | { cents: number }) {
  return <span style={ON_ONE_LINE}>{'cents' in props ? formatRand(props.cents) : formatRandAmount(props.rand)}</span>;
}
