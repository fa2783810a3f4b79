// The statement period's rules, fetched when the member first asks for a period, so the statements page
// shows without zod.
export { statementQuery } from '@letsema/domain';
