// The wizard's form rules, fetched when a form is first typed in or pressed (see lazyResolver), so the
// wizard shows without zod and the domain's schemas.
import { zodResolver } from '@hookform/resolvers/zod';
import { completeProfileBody, nextOfKinFields } from '@letsema/domain';

export const profileResolver = zodResolver(completeProfileBody);

export const nextOfKinResolver = zodResolver(nextOfKinFields);
