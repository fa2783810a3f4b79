// The correction request's and the payout account's rules, fetched when the member first sends one, so
// the profile page shows without zod.
export { correctionRequestBody, savePayoutAccountBody } from '@letsema/domain';
