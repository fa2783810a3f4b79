import { useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { PasswordStrength } from '@letsema/domain/password-strength';
import { usePasswordStrength } from '../lib/password-strength';
import { classNames } from '../lib/class-names';
import styles from './plain/plain.module.css';

// The bar's colour by score, as MUI's LinearProgress colours error, warning and success.
const COLOURS = [styles.meterError, styles.meterError, styles.meterWarning, styles.meterSuccess, styles.meterSuccess];

/** How guessable the new password being typed is, by the same estimator the server uses. */
export function PasswordStrengthMeter<TFieldValues extends FieldValues, TTransformed = TFieldValues>({
  control,
  name,
  userInputs = [],
}: {
  control: Control<TFieldValues, unknown, TTransformed>;
  name: FieldPath<TFieldValues>;
  userInputs?: readonly string[];
}) {
  const password = useWatch({ control, name }) as unknown;
  const strength = usePasswordStrength(typeof password === 'string' ? password : '', userInputs);
  // The space is kept while nothing is measured, so that the fields and buttons below do not move
  // when the measurement arrives (the dictionaries load on first use).
  return <div style={{ minHeight: METER_HEIGHT }}>{strength && <Meter strength={strength} />}</div>;
}

/** The bar (6 px), its gap (4 px) and one line of body2 text (20 px). */
const METER_HEIGHT = 30;

function Meter({ strength }: { strength: PasswordStrength }) {
  const value = (strength.score + 1) * 20;
  return (
    <>
      <span
        role="progressbar"
        aria-label="Strength of the password"
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={strength.label}
        className={classNames(styles.meter, COLOURS[strength.score] ?? styles.meterError)}
      >
        <span style={{ transform: `translateX(${value - 100}%)` }} />
      </span>
      <p className={styles.secondaryText} aria-live="polite" style={{ marginTop: 4 }}>
        Strength: {strength.label}
        {!strength.isStrongEnough && strength.warning ? `. ${strength.warning}` : ''}
      </p>
    </>
  );
}
