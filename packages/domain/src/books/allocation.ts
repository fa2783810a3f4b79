/**
 * Splits an amount of cents over weighted parts with the largest-remainder method: each part gets
 * the floor of its exact share, and the cents left over go one each to the parts with the largest
 * remainders (ties to the earlier part), so the parts always add up to the amount exactly. A
 * negative amount (a loss) is split the same way, as the mirror image of the positive one.
 * Arithmetic is in BigInt: share-days times cents soon pass 2^53.
 */
export function allocateByWeights<K>(
  amountCents: number,
  parts: readonly { key: K; weight: number }[],
): { key: K; cents: number }[] {
  if (!Number.isSafeInteger(amountCents)) throw new Error(`Amount must be whole cents, got ${amountCents}`);
  for (const part of parts) {
    if (!Number.isSafeInteger(part.weight) || part.weight < 0) {
      throw new Error(`Weights must be whole numbers from 0, got ${part.weight}`);
    }
  }
  const total = parts.reduce((sum, part) => sum + BigInt(part.weight), 0n);
  if (total === 0n) {
    if (amountCents !== 0) throw new Error('Nothing to split an amount over: every weight is 0');
    return parts.map((part) => ({ key: part.key, cents: 0 }));
  }
  const sign = amountCents < 0 ? -1n : 1n;
  const amount = BigInt(Math.abs(amountCents));
  const shares = parts.map((part, index) => {
    const exact = amount * BigInt(part.weight);
    return { index, floor: exact / total, remainder: exact % total };
  });
  let left = amount - shares.reduce((sum, share) => sum + share.floor, 0n);
  const order = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of order) {
    if (left === 0n) break;
    if (share.remainder === 0n && parts[share.index]!.weight === 0) continue;
    share.floor += 1n;
    left -= 1n;
  }
  return shares.map((share) => ({ key: parts[share.index]!.key, cents: Number(sign * share.floor) }));
}
