// The loan decisions' form rules, fetched when a form is first typed in or pressed (see lazyResolver).
import { zodResolver } from '@hookform/resolvers/zod';
import { waivePenaltyBody } from '@letsema/domain';

/** The waiver's reason, by the server's own rule. */
export const waiveResolver = zodResolver(waivePenaltyBody);
