import { z } from 'zod';
import { id, timestamp } from '../answer-fields.js';
import { adminRoles } from '../roles.js';

/** Someone named on a staff account's history. */
const staffPerson = z.object({ id, fullName: z.string().nullable() });

/** A staff account (`toStaffView`). */
export const staffView = z
  .object({
    id,
    fullName: z.string().nullable(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    adminRoles: z.array(z.enum(adminRoles)),
    isSuperAdmin: z.boolean(),
    status: z.enum(['invited', 'active', 'suspended']).describe('invited: the invitation link is not used yet'),
    createdAt: timestamp,
    lastLoginAt: timestamp.nullable(),
    invitationExpiresAt: timestamp.nullable().describe('While invited: when the link stops working'),
    invitedBy: staffPerson.nullable().describe('Who sent the invitation (null for accounts made before invitations)'),
    approval: z
      .object({ by: staffPerson.nullable(), bootstrap: z.boolean(), at: timestamp.nullable() })
      .nullable()
      .describe(
        "Who approved the invitation's roles; bootstrap: they took effect at once, the cooperative having no second staff manager",
      ),
    pendingGrant: z
      .object({
        id,
        kind: z.enum(['invitation', 'roles']),
        roles: z.array(z.enum(adminRoles)).describe('Added when a second staff manager approves'),
        maker: staffPerson.nullable(),
        createdAt: timestamp,
      })
      .nullable(),
  })
  .meta({ id: 'Staff' });

/** `POST /api/auth/staff-invitation`: what the accept page shows. */
export const staffInvitationView = z.object({
  fullName: z.string().nullable(),
  email: z.string(),
  mfaRequired: z.boolean(),
  mfaSetup: z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() }).nullable(),
});

/** `POST /api/auth/staff-invitation/accept`: the new admin's session and, with two-factor, recovery codes. */
export const acceptedInvitation = z.object({ token: z.string(), recoveryCodes: z.array(z.string()) });

// What the web app reads: the types of the answers above.
export type StaffView = z.infer<typeof staffView>;
export type StaffInvitationView = z.infer<typeof staffInvitationView>;
export type AcceptedInvitation = z.infer<typeof acceptedInvitation>;
