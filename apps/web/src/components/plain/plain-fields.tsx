import {
  useId,
  useState,
  type AnimationEvent,
  type ChangeEventHandler,
  type FocusEventHandler,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { classNames } from '../../lib/class-names';
import { PlainIcon } from './plain-icon';
import { visibility, visibilityOff } from './plain-icons';
import styles from './plain.module.css';

/** What the plain fields share: a label, a hint or an error under the field, and its state. */
interface PlainFieldFrameProps {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  disabled?: boolean;
}

/** The id of a field's hint or error, which the control is described by. */
const hintId = (id: string) => `${id}-helper-text`;

/**
 * The outlined frame around a field, as MUI's outlined text field draws it: the label inside the frame
 * until the field is focused or filled, then small on the frame's top edge, in a gap the outline leaves
 * for it (the outline is hidden from screen readers, as MUI's); the hint or the error under the frame.
 */
function FieldFrame({
  id,
  label,
  helperText,
  error = false,
  disabled = false,
  isShrunk,
  endAdornment,
  children,
}: PlainFieldFrameProps & { id: string; isShrunk: boolean; endAdornment?: ReactNode; children: ReactNode }) {
  return (
    <div
      className={classNames(
        styles.field,
        isShrunk && styles.fieldShrunk,
        error && styles.fieldError,
        disabled && styles.fieldDisabled,
      )}
    >
      <label htmlFor={id} id={`${id}-label`} className={styles.fieldLabel}>
        {label}
      </label>
      <div className={classNames(styles.fieldBox, endAdornment !== undefined && styles.fieldAdorned)}>
        {children}
        {endAdornment !== undefined && <div className={styles.fieldAdornment}>{endAdornment}</div>}
        <fieldset aria-hidden="true" className={styles.fieldOutline}>
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {helperText && (
        <p id={hintId(id)} className={styles.fieldHelper}>
          {helperText}
        </p>
      )}
    </div>
  );
}

export interface PlainTextFieldProps extends PlainFieldFrameProps {
  name: string;
  value: string | number;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  inputRef?: Ref<HTMLInputElement>;
  type?: 'text' | 'tel' | 'date' | 'email' | 'password';
  autoComplete?: string;
  placeholder?: string;
  /** The label stays small above the field even when it is empty (a date field shows its own pattern). */
  keepsLabelUp?: boolean;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  max?: string;
  autoFocus?: boolean;
  /** Drawn at the field's end, inside its frame (the password's show button). */
  endAdornment?: ReactNode;
}

/**
 * A one-line text field drawn with plain elements and the static style sheet, for the first screens:
 * it looks and behaves as the theme's MUI outlined text field (`TextInput`), without working out its
 * styles while drawing. The browser's autofill, which may fill a field before any script sees a value,
 * also lifts the label, as MUI's does.
 */
export function PlainTextField({
  label,
  helperText,
  error = false,
  disabled = false,
  name,
  value,
  onChange,
  onBlur,
  inputRef,
  type = 'text',
  autoComplete,
  placeholder,
  keepsLabelUp = false,
  inputMode,
  maxLength,
  max,
  autoFocus,
  endAdornment,
}: PlainTextFieldProps) {
  const id = useId();
  const [isAutofilled, setAutofilled] = useState(false);
  const isShrunk = keepsLabelUp || isAutofilled || String(value) !== '';
  // The style sheet starts an animation when the browser autofills the field and another when it
  // stops, so that the change can be seen here.
  const watchAutofill = (event: AnimationEvent<HTMLInputElement>) =>
    setAutofilled(event.currentTarget.matches(':-webkit-autofill'));
  return (
    <FieldFrame
      id={id}
      label={label}
      helperText={helperText}
      error={error}
      disabled={disabled}
      isShrunk={isShrunk}
      endAdornment={endAdornment}
    >
      <input
        id={id}
        ref={inputRef}
        name={name}
        type={type}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        onAnimationStart={watchAutofill}
        disabled={disabled}
        autoComplete={autoComplete}
        placeholder={placeholder}
        inputMode={inputMode}
        maxLength={maxLength}
        max={max}
        autoFocus={autoFocus}
        aria-invalid={error}
        aria-describedby={helperText ? hintId(id) : undefined}
        className={styles.fieldInput}
      />
    </FieldFrame>
  );
}

export interface PlainSelectFieldProps extends PlainFieldFrameProps {
  name: string;
  value: string;
  onChange: ChangeEventHandler<HTMLSelectElement>;
  onBlur?: FocusEventHandler<HTMLSelectElement>;
  inputRef?: Ref<HTMLSelectElement>;
  /** The `<option>` elements. */
  children: ReactNode;
  /** The empty choice ("Select…") is shown in the hint's grey, the others in the text's black. */
  dimsEmptyChoice?: boolean;
}

/**
 * A choice list as the phone's own list (a native `<select>`) in the outlined frame, its label always
 * small above it: the look of `SelectInput`, drawn with plain elements for the first screens.
 */
export function PlainSelectField({
  label,
  helperText,
  error = false,
  disabled = false,
  name,
  value,
  onChange,
  onBlur,
  inputRef,
  children,
  dimsEmptyChoice = false,
}: PlainSelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} helperText={helperText} error={error} disabled={disabled} isShrunk>
      <select
        id={id}
        ref={inputRef}
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        disabled={disabled}
        aria-invalid={error}
        aria-describedby={helperText ? hintId(id) : undefined}
        className={classNames(
          styles.fieldInput,
          styles.fieldSelect,
          dimsEmptyChoice && value === '' && styles.fieldSelectEmpty,
        )}
      >
        {children}
      </select>
      {/* MUI's ArrowDropDown */}
      <svg
        className={classNames(styles.icon, styles.fieldSelectIcon)}
        viewBox="0 0 24 24"
        focusable="false"
        aria-hidden="true"
      >
        <path d="M7 10l5 5 5-5z" />
      </svg>
    </FieldFrame>
  );
}

/**
 * A password field with a button that shows or hides what was typed, as `FormPasswordField` draws
 * it with MUI, drawn with plain elements for the sign-in pages.
 */
export function PlainPasswordField(props: Omit<PlainTextFieldProps, 'type' | 'endAdornment'>) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <PlainTextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          aria-label={isVisible ? 'Hide password' : 'Show password'}
          onClick={() => setIsVisible((visible) => !visible)}
          onMouseDown={(event) => event.preventDefault()}
          className={classNames(styles.iconButton, styles.iconButtonEdgeEnd)}
        >
          <PlainIcon drawing={isVisible ? visibilityOff : visibility} />
        </button>
      }
    />
  );
}
