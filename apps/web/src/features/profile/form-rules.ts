// The correction request's rules, fetched when the member first sends one, so the profile page shows
// without zod.
export { correctionRequestBody } from '@letsema/domain';
