// The new pool form's rules, fetched when the form is first typed in or pressed (see lazyResolver), so
// the page shows without zod.
import { zodResolver } from '@hookform/resolvers/zod';
import { createPoolBody } from '@letsema/domain';

export const createPoolResolver = zodResolver(createPoolBody);
