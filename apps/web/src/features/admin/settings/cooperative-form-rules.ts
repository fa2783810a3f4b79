// The cooperative forms' rules, fetched when a form is first typed in or pressed (see lazyResolver),
// so the settings page shows without zod.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  cooperativeDetailsBody,
  cooperativeSettingsBody,
  type CooperativeDetailsBody,
  type CooperativeSettingsBody,
  type CooperativeSettingsInput,
} from '@letsema/domain';
import type { Resolver } from 'react-hook-form';
import type { CooperativeDetailsFormValues } from './cooperative-section';

/** The server's own rules and messages. */
// The province list starts blank on a cooperative that has none: the form's value is any text until checked.
export const detailsResolver = zodResolver(cooperativeDetailsBody) as unknown as Resolver<
  CooperativeDetailsFormValues,
  unknown,
  CooperativeDetailsBody
>;

export const settingsResolver: Resolver<CooperativeSettingsInput, unknown, CooperativeSettingsBody> =
  zodResolver(cooperativeSettingsBody);
