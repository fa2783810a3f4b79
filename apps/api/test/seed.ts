import { saIdNumberFor } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer, dataOf, registerMember } from './app.js';
import { multipart, pdf, png } from './files.js';

export const sampleProfile = {
  fullName: 'Thandi Mokoena',
  phoneNumber: '0821234567',
  identityType: 'national_id',
  nationalId: '8001015009087',
  dateOfBirth: '1980-01-01',
  address: '12 Vilakazi Street, Orlando West, Soweto',
};

let lastSequence = 0;

/**
 * The sample profile with an ID number no other member of this test file has (one person, one
 * account): the sample's birth date with the next sequence number.
 */
export function uniqueProfile(change: Record<string, unknown> = {}) {
  lastSequence += 1;
  return { ...sampleProfile, nationalId: saIdNumberFor(sampleProfile.dateOfBirth, lastSequence), ...change };
}

/** Uploads a file over the API as the member and answers its URL. */
export async function uploadFile(app: FastifyInstance, token: string, kind: string, body?: Buffer) {
  const isPhoto = kind.endsWith('photo') || kind === 'profile-picture';
  const file = body ?? (isPhoto ? await png() : pdf());
  const form = multipart({ filename: 'upload', contentType: 'application/octet-stream', body: file });
  const response = await app.inject({
    method: 'POST',
    url: `/api/uploads/${kind}`,
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<{ url: string }>(response).url;
}

/** Adds next of kin #n over the API with freshly uploaded documents. */
export async function addKin(app: FastifyInstance, token: string, nokOrder: number) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/next-of-kin',
    headers: bearer(token),
    payload: {
      fullName: `Kin ${nokOrder} Mokoena`,
      relationship: nokOrder === 1 ? 'Mother' : 'Brother',
      phoneNumber: '0831234567',
      email: '',
      // Two different people: a member's next of kin are neither the member nor each other.
      nationalId: `P${nokOrder}234567`,
      dateOfBirth: '1960-03-15',
      address: '45 Jan Smuts Avenue, Johannesburg',
      nokOrder,
      passportPhotoUrl: await uploadFile(app, token, 'nok-passport-photo'),
      idDocumentUrl: await uploadFile(app, token, 'nok-id-document'),
      proofOfAddressUrl: await uploadFile(app, token, 'nok-proof-of-address'),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** A member whose whole registration is in and awaiting review. */
export async function seedSubmittedMember(app: FastifyInstance) {
  const member = await registerMember(app);
  const profile = uniqueProfile();
  const saved = await app.inject({
    method: 'POST',
    url: '/api/auth/complete-profile',
    payload: profile,
    headers: bearer(member.token),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await uploadFile(app, member.token, 'profile-picture');
  await uploadFile(app, member.token, 'id-document');
  await addKin(app, member.token, 1);
  await addKin(app, member.token, 2);
  return { ...member, nationalId: profile.nationalId };
}
