import { adminRoles, slugOf, startMessages, type StartCooperativeBody, type StartedCooperative } from '@letsema/domain';
import { eq, like } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { insertAccount } from '../../db/accounts.js';
import type { Db, Executor } from '../../db/client.js';
import { isWalled } from '../../db/scope.js';
import { cooperatives, logins } from '../../db/schema.js';
import { addressKey } from '../../lib/address-group.js';
import { writeAudit } from '../../lib/audit.js';
import { conflict } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { assertStrongPassword, hashPassword } from './passwords.js';

/** The first free short name for `name`: its slug, else the slug with -2, -3, … */
async function freeSlug(executor: Executor, name: string): Promise<string> {
  const base = slugOf(name);
  const taken = new Set(
    (
      await executor
        .select({ slug: cooperatives.slug })
        .from(cooperatives)
        .where(like(cooperatives.slug, `${base}%`))
    ).map((row) => row.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  return slug;
}

/**
 * Starts a new cooperative (`/start`): the cooperative, and its founder as its super admin holding
 * every role, with a new login whose address is then confirmed by e-mail; the founder's session is
 * for that cooperative. Refused on the embedded database, whose requests are not walled between
 * cooperatives (docs/scaling.md).
 */
export function createCooperativeStart(deps: {
  db: Db;
  config: Pick<Config, 'rateLimits'>;
  limiter: RateLimiter;
  openSession: (userId: string) => Promise<string>;
  queueVerificationMail: (
    executor: Executor,
    user: { id: string; email: string; fullName: string | null },
  ) => Promise<void>;
  now: () => Date;
}) {
  const { db, config, limiter } = deps;
  return {
    /** Whether this installation lets a new cooperative start. */
    isOpen: () => isWalled(db),

    async start(body: StartCooperativeBody, ip: string): Promise<StartedCooperative> {
      if (!isWalled(db)) throw conflict(startMessages.embeddedDatabase);
      await limiter.hit(addressKey('start', ip), config.rateLimits.registerPerIp, startMessages.tooMany);
      const existing = await db.select({ id: logins.id }).from(logins).where(eq(logins.email, body.email)).limit(1);
      if (existing.length) throw conflict(startMessages.emailTaken);
      assertStrongPassword(body.password, 'password', [body.email, body.founderName, body.name]);
      const passwordHash = await hashPassword(body.password);
      const started = await db.transaction(async (tx) => {
        const [cooperative] = await tx
          .insert(cooperatives)
          .values({
            name: body.name,
            slug: await freeSlug(tx, body.name),
            registrationNumber: body.registrationNumber,
            province: body.province,
            status: 'active',
          })
          .returning({ id: cooperatives.id, name: cooperatives.name, slug: cooperatives.slug });
        const founder = await insertAccount(
          tx,
          { email: body.email, passwordHash, passwordSetAt: deps.now() },
          {
            cooperativeId: cooperative!.id,
            fullName: body.founderName,
            isAdmin: true,
            isSuperAdmin: true,
            adminRoles: [...adminRoles],
            registrationStatus: 'active',
          },
        );
        // A start racing this one for the same address took it first.
        if (!founder) throw conflict(startMessages.emailTaken);
        await writeAudit(tx, {
          actorId: founder.id,
          action: 'cooperative.start',
          targetType: 'cooperative',
          targetId: cooperative!.id,
          after: { name: cooperative!.name, slug: cooperative!.slug, province: body.province },
        });
        await deps.queueVerificationMail(tx, founder);
        return { cooperative: cooperative!, founderId: founder.id };
      });
      return { token: await deps.openSession(started.founderId), cooperative: started.cooperative };
    },
  };
}
