import { paymentDetailsMessages, type PaymentDetails, type PaymentDetailsBody } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cooperatives, settings } from '../../db/schema.js';
import { lockSetting, saveSetting } from '../../db/settings-store.js';
import type { AuthUser } from '../../lib/auth-guard.js';
import { writeAudit } from '../../lib/audit.js';
import { forbidden } from '../../lib/errors.js';

/** The key of the cooperative's bank account in the `settings` table. */
export const PAYMENT_DETAILS_KEY = 'payment_details';

/**
 * Where members pay: the cooperative's bank account, shown on the payment screens with the
 * cooperative's registration number (one of its own details, kept on its row). Changing it is
 * the super admin's alone and is audited with the account before and after, since an account swapped
 * for another is how money is stolen from a cooperative.
 */
export function createPaymentDetailsService(deps: { db: Db }) {
  const { db } = deps;

  async function read(): Promise<PaymentDetails | null> {
    const [row] = await db
      .select({
        value: settings.value,
        updatedAt: settings.updatedAt,
        registrationNumber: cooperatives.registrationNumber,
      })
      .from(settings)
      .innerJoin(cooperatives, eq(cooperatives.id, settings.cooperativeId))
      .where(eq(settings.key, PAYMENT_DETAILS_KEY));
    if (!row) return null;
    // Only the account's own fields are read: a registrationNumber an older version kept in the
    // stored value is ignored, as the cooperative's row holds its one registration number now.
    const { bankName, accountHolder, accountNumber, branchCode } = row.value as PaymentDetailsBody;
    return {
      bankName,
      accountHolder,
      accountNumber,
      branchCode,
      registrationNumber: row.registrationNumber,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  return {
    read,

    async update(actor: AuthUser, body: PaymentDetailsBody): Promise<PaymentDetails> {
      if (!actor.isSuperAdmin) throw forbidden(paymentDetailsMessages.superAdminOnly);
      await db.transaction(async (tx) => {
        const before = await lockSetting(tx, PAYMENT_DETAILS_KEY);
        await saveSetting(tx, PAYMENT_DETAILS_KEY, body, actor.id);
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'payment_details.update',
          targetType: 'settings',
          targetId: PAYMENT_DETAILS_KEY,
          before,
          after: body,
        });
      });
      return (await read())!;
    },
  };
}

export type PaymentDetailsService = ReturnType<typeof createPaymentDetailsService>;
