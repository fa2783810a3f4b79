import type * as StrengthModuleTypes from '@letsema/domain/password-strength';
import type { PasswordStrength } from '@letsema/domain/password-strength';
import { PASSWORD_MIN } from '@letsema/domain';
import { useEffect, useState } from 'react';
import type { z } from 'zod';

type StrengthModule = typeof StrengthModuleTypes;

let loading: Promise<StrengthModule> | undefined;

/**
 * The server's own password rule, with its dictionaries: fetched as a separate chunk the first time
 * a page with a new-password field needs it, so no other page downloads it.
 */
export function loadPasswordStrength(): Promise<StrengthModule> {
  loading ??= import('@letsema/domain/password-strength');
  return loading;
}

/** The strength of `password` as it is typed (null while empty or still loading). */
export function usePasswordStrength(password: string, userInputs: readonly string[]): PasswordStrength | null {
  const [strength, setStrength] = useState<PasswordStrength | null>(null);
  const inputsKey = userInputs.join('\n');
  useEffect(() => {
    if (!password) {
      setStrength(null);
      return;
    }
    let isCurrent = true;
    void loadPasswordStrength().then((module) => {
      if (isCurrent) setStrength(module.checkPasswordStrength(password, inputsKey ? inputsKey.split('\n') : []));
    });
    return () => {
      isCurrent = false;
    };
  }, [password, inputsKey]);
  return strength;
}

/**
 * Adds the server's strength rule to a form schema: a guessable password in `field` is refused in
 * the browser with the message the server would answer.
 */
export function withStrongPassword<T extends z.ZodType<Record<string, unknown>>>(
  schema: T,
  field: string,
  userInputs: (values: z.output<T>) => (string | null | undefined)[],
): T {
  return schema.superRefine(async (values, context) => {
    const password = values[field];
    // Zod runs this even when a field has failed already: a password the length rule refuses is not
    // measured, and the other messages do not wait for the dictionaries.
    if (typeof password !== 'string' || password.length < PASSWORD_MIN) return;
    const { checkPasswordStrength } = await loadPasswordStrength();
    const inputs = userInputs(values).filter((input): input is string => Boolean(input));
    const { message } = checkPasswordStrength(password, inputs);
    if (message) context.addIssue({ code: 'custom', path: [field], message });
  }) as unknown as T;
}
