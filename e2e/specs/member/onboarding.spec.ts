import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_PASSWORD, newEmail, newNationalId } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { api, registerOverApi, useBrowser } from '../../fixtures/browser.js';
import { createTestFiles, removeTestFiles, uploadOverApi, type TestFiles } from '../../fixtures/files.js';
import { adminToken } from '../../fixtures/investing.js';
import { TEST_PROFILE } from '../../fixtures/onboarding.js';

const newPage = useBrowser();
const PHONE = { width: 375, height: 740 };

let files: TestFiles;
beforeAll(async () => {
  files = await createTestFiles();
});
afterAll(() => removeTestFiles(files));

interface Me {
  id: string;
  registrationStatus: string;
  fullName: string | null;
  profilePictureUrl: string | null;
  idDocumentUrl: string | null;
}
interface Kin {
  nokOrder: number;
  fullName: string;
  verificationStatus: string;
  idDocumentUrl: string | null;
  passportPhotoUrl: string | null;
}

const profile: Record<'fullName' | keyof typeof TEST_PROFILE, string> = { fullName: 'Thandi Mokoena', ...TEST_PROFILE };

const kinDetails = {
  1: {
    fullName: 'Sipho Mokoena',
    relationship: 'Brother',
    phoneNumber: '0831234567',
    email: 'sipho@example.com',
    nationalId: '7505055009081',
    dateOfBirth: '1975-05-05',
    address: '14 Vilakazi Street, Orlando West',
  },
  2: {
    fullName: 'Naledi Mokoena',
    relationship: 'Mother',
    phoneNumber: '0841234567',
    email: '',
    nationalId: '5503030009087',
    dateOfBirth: '1955-03-03',
    address: '3 Mandela Road, Kagiso',
  },
} as const;

/** A YYYY-MM-DD date `years` years ago today. */
function yearsAgo(years: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()))
    .toISOString()
    .slice(0, 10);
}

async function newMemberOnWizard(size = PHONE): Promise<{ page: Page; email: string; token: string }> {
  const email = newEmail('onboarding');
  const token = await registerOverApi(email, MEMBER_PASSWORD);
  const page = await newPage(size);
  await signIn(page, email, MEMBER_PASSWORD);
  await page.waitForURL('**/complete-registration');
  return { page, email, token };
}

async function expectStep(page: Page, title: string, percent: number) {
  await page.getByRole('heading', { name: title, exact: true }).waitFor();
  await page.getByText(`${percent}% complete`).waitFor();
}

async function fillProfile(page: Page, values: Partial<typeof profile> = {}) {
  const v = { ...profile, nationalId: newNationalId(), ...values };
  await page.getByLabel('Full name').fill(v.fullName);
  await page.getByLabel('Phone number').fill(v.phoneNumber);
  await page.getByLabel('Identity type').selectOption(v.identityType);
  // An SA ID number is typed in its printed groups (YYMMDD SSSS CAZ).
  const printed =
    v.identityType === 'national_id' ? v.nationalId.replace(/^(\d{6})(\d{4})(\d{3})$/, '$1 $2 $3') : v.nationalId;
  await page.getByLabel('ID number').fill(printed);
  await page.getByLabel('Date of birth').fill(v.dateOfBirth);
  await page.getByLabel('Residential address').fill(v.address);
  await page.getByLabel('City or town (optional)').fill(v.city);
  await page.getByLabel('Province (optional)').selectOption(v.province);
}

async function fillKin(page: Page, n: 1 | 2) {
  const kin = kinDetails[n];
  await page.getByLabel('Full name').fill(kin.fullName);
  await page.getByLabel('Relationship').fill(kin.relationship);
  await page.getByLabel('Phone number').fill(kin.phoneNumber);
  await page.getByLabel('Email (optional)').fill(kin.email);
  await page.getByLabel('ID or passport number').fill(kin.nationalId);
  await page.getByLabel('Date of birth').fill(kin.dateOfBirth);
  await page.getByLabel('Residential address').fill(kin.address);
}

async function pickKinDocuments(page: Page) {
  await page.getByLabel('NOK passport photo file', { exact: true }).setInputFiles(files.photo);
  await page.getByText('Uploaded · portrait.jpg').waitFor();
  await page.getByLabel('NOK ID document file', { exact: true }).setInputFiles(files.idScan);
  await page.getByText('Uploaded · id-scan.png').waitFor();
  await page.getByLabel('NOK proof of address file', { exact: true }).setInputFiles(files.pdf);
  await page.getByText('Uploaded · document.pdf').waitFor();
}

/** Whether the page fits the phone's width without sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

/** A member who has submitted everything over the API, as a finished wizard would. */
async function submitRegistrationOverApi(): Promise<{
  email: string;
  token: string;
  userId: string;
  nationalId: string;
}> {
  const email = newEmail('returned');
  const token = await registerOverApi(email, MEMBER_PASSWORD);
  const nationalId = newNationalId();
  await api('POST', '/api/auth/complete-profile', { ...profile, nationalId }, token);
  await uploadOverApi(token, 'profile-picture', files.photo);
  await uploadOverApi(token, 'id-document', files.pdf);
  for (const n of [1, 2] as const) {
    await api(
      'POST',
      '/api/auth/next-of-kin',
      {
        ...kinDetails[n],
        nokOrder: n,
        passportPhotoUrl: await uploadOverApi(token, 'nok-passport-photo', files.photo),
        idDocumentUrl: await uploadOverApi(token, 'nok-id-document', files.idScan),
        proofOfAddressUrl: await uploadOverApi(token, 'nok-proof-of-address', files.pdf),
      },
      token,
    );
  }
  const me = await api<Me>('GET', '/api/auth/me', undefined, token);
  expect(me.registrationStatus).toBe('pending_kyc');
  return { email, token, userId: me.id, nationalId };
}

describe('the verification wizard', () => {
  it('takes a new member through all six steps on a phone, with real files, to Awaiting Review', async () => {
    const { page, token } = await newMemberOnWizard();

    await expectStep(page, 'Profile Details', 0);
    await page.getByText('Step 1 of 6 · Profile Details').waitFor();
    await expectNoSidewaysScroll(page);
    await fillProfile(page);
    await page.getByRole('button', { name: 'Save and Continue' }).click();

    await expectStep(page, 'Upload Photo', 20);
    await expectNoSidewaysScroll(page);
    await page.getByLabel('Photo file', { exact: true }).setInputFiles(files.photo);
    await page.getByAltText('Your photo preview').waitFor();
    await page.getByText(/portrait\.jpg · \d+ KB/).waitFor();
    await page.getByRole('button', { name: 'Upload Photo' }).click();

    await expectStep(page, 'Upload ID Document', 40);
    // A mistake in the details seen at a later step: the member goes back, corrects it and carries on.
    await page.getByRole('button', { name: 'Edit profile details' }).click();
    await page.getByRole('heading', { name: 'Profile Details', exact: true }).waitFor();
    expect(await page.getByLabel('Full name').inputValue()).toBe(profile.fullName);
    // Typed as it is printed: the spaces and the country code go, every digit stays.
    await page.getByLabel('Phone number').fill('+27 83 111 2222');
    expect(await page.getByLabel('Phone number').inputValue()).toBe('+27 83 111 2222');
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await expectStep(page, 'Upload ID Document', 40);
    expect((await api<{ phoneNumber: string }>('GET', '/api/auth/me', undefined, token)).phoneNumber).toBe(
      '0831112222',
    );
    // Cancel goes back without saving.
    await page.getByRole('button', { name: 'Edit profile details' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectStep(page, 'Upload ID Document', 40);

    // A password-protected PDF is refused with the server's message, and another file can be picked.
    await page.getByLabel('ID document file', { exact: true }).setInputFiles(files.protectedPdf);
    await page.getByText(/protected\.pdf · \d+ B/).waitFor();
    await page.getByRole('button', { name: 'Upload ID Document' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please upload an unprotected scan.' }).waitFor();

    await page.getByLabel('ID document file', { exact: true }).setInputFiles(files.pdf);
    await page.getByLabel('Your ID document: PDF document').waitFor();
    await page.getByText(/document\.pdf · \d+ B/).waitFor();
    await page.getByRole('button', { name: 'Upload ID Document' }).click();

    await expectStep(page, 'First Next of Kin', 60);
    await fillKin(page, 1);
    await pickKinDocuments(page);
    await page.getByAltText('Passport photo preview').waitFor();
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Save and Continue' }).click();

    await expectStep(page, 'Second Next of Kin', 80);
    await fillKin(page, 2);
    await pickKinDocuments(page);
    await page.getByRole('button', { name: 'Submit for Review' }).click();

    await expectStep(page, 'Awaiting Review', 100);
    await page.getByText('The review takes 1-2 business days.', { exact: false }).waitFor();
    await page.getByText('when the review is done').waitFor();
    await expectNoSidewaysScroll(page);

    const me = await api<Me>('GET', '/api/auth/me', undefined, token);
    expect(me).toMatchObject({ registrationStatus: 'pending_kyc', fullName: profile.fullName });
    expect(me.profilePictureUrl).toMatch(/^\/api\/files\/.+\.jpg$/);
    expect(me.idDocumentUrl).toMatch(/^\/api\/files\/.+\.pdf$/);
    const kin = await api<Kin[]>('GET', '/api/auth/next-of-kin', undefined, token);
    expect(kin.map((k) => [k.nokOrder, k.fullName, k.verificationStatus])).toEqual([
      [1, kinDetails[1].fullName, 'pending'],
      [2, kinDetails[2].fullName, 'pending'],
    ]);

    // Coming back later shows the same waiting step.
    await page.reload();
    await expectStep(page, 'Awaiting Review', 100);
  });

  it('shows the first step without the form rules, and fetches them at the first key', async () => {
    const { page } = await newMemberOnWizard();
    // zod names its base type "$ZodType": a script that holds the name is the rules (zod and the domain's schemas).
    const rulesScripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.text().catch(() => '');
      if (body.includes('$ZodType')) rulesScripts.push(new URL(response.url()).pathname);
    });
    await page.reload();
    await expectStep(page, 'Profile Details', 0);
    await page.waitForLoadState('networkidle');
    expect(rulesScripts).toEqual([]);
    await page.getByLabel('Full name').pressSequentially('T');
    await expect.poll(() => rulesScripts.length).toBeGreaterThan(0);
  });

  it('shrinks a camera photo on the phone before sending it, on prepaid data', async () => {
    // A camera's picture: 2 400 x 1 800 pixels of fine detail, well over a megabyte.
    const detail = randomBytes(2400 * 1800 * 3);
    const camera = await sharp(detail, { raw: { width: 2400, height: 1800, channels: 3 } })
      .blur(2)
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(camera.length).toBeGreaterThan(1024 * 1024);
    const { page } = await newMemberOnWizard();
    // An ID number of its own: a passport number another account holds is refused.
    await fillProfile(page);
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await expectStep(page, 'Upload Photo', 20);
    const sent: number[] = [];
    page.on('request', async (request) => {
      if (new URL(request.url()).pathname === '/api/uploads/profile-picture') {
        sent.push(Number((await request.allHeaders())['content-length'] ?? 0));
      }
    });
    await page
      .getByLabel('Photo file', { exact: true })
      .setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: camera });
    await page.getByRole('button', { name: 'Upload Photo' }).click();
    await expectStep(page, 'Upload ID Document', 40);
    expect(sent).toHaveLength(1);
    // The request is the shrunk JPEG and its form: under 400 KB and its few lines of form.
    expect(sent[0]).toBeGreaterThan(20 * 1024);
    expect(sent[0]).toBeLessThan(400 * 1024 + 1024);
  });

  it('refuses a member under 18 with the spec message', async () => {
    const { page, token } = await newMemberOnWizard();
    await fillProfile(page, { identityType: 'passport', nationalId: 'A12345678', dateOfBirth: yearsAgo(17) });
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await page.getByText('You must be at least 18 years old').waitFor();
    await expectStep(page, 'Profile Details', 0);
    const me = await api<Me>('GET', '/api/auth/me', undefined, token);
    expect(me.fullName).toBeNull();
  });

  it('checks files before and after sending them, and resumes at the right step after a reload', async () => {
    const { page } = await newMemberOnWizard();
    await fillProfile(page, { identityType: 'passport', nationalId: 'A12345678' });
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await expectStep(page, 'Upload Photo', 20);

    // Nothing picked.
    await page.getByRole('button', { name: 'Upload Photo' }).click();
    await page.getByRole('alert').getByText('Please select a photo to upload').waitFor();
    // Too large: refused here, before anything is sent.
    await page.getByLabel('Photo file', { exact: true }).setInputFiles({
      name: 'huge.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
    });
    await page.getByText('The file is too large. The limit is 10 MB.').waitFor();
    // Named like a photo but not one: the server reads the bytes and says no.
    await page.getByLabel('Photo file', { exact: true }).setInputFiles(files.fakePhoto);
    await page.getByRole('button', { name: 'Upload Photo' }).click();
    await page.getByText('Please upload a JPEG, PNG or WebP photo').waitFor();
    await expectStep(page, 'Upload Photo', 20);

    await page.getByLabel('Photo file', { exact: true }).setInputFiles(files.photo);
    await page.getByRole('button', { name: 'Upload Photo' }).click();
    await expectStep(page, 'Upload ID Document', 40);
    await page.getByRole('button', { name: 'Upload ID Document' }).click();
    await page.getByText('Please select your ID document to upload').waitFor();
    await page.getByLabel('ID document file', { exact: true }).setInputFiles(files.idScan);
    await page.getByAltText('Your ID document preview').waitFor();
    await page.getByRole('button', { name: 'Upload ID Document' }).click();
    await expectStep(page, 'First Next of Kin', 60);

    await page.reload();
    await expectStep(page, 'First Next of Kin', 60);
    await page.getByText('Step 4 of 6 · First Next of Kin').waitFor();

    // The kin's documents are required; every missing one is marked.
    await fillKin(page, 1);
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please upload NOK passport photo' }).first().waitFor();
    await page.getByText('Please upload NOK ID document').waitFor();
    await page.getByText('Please upload NOK proof of address').waitFor();
    await expectStep(page, 'First Next of Kin', 60);

    await pickKinDocuments(page);
    // A refused replacement leaves the photo uploaded before it: the step used to lose it and then
    // ask for a passport photo the member had already given.
    await page.getByLabel('NOK passport photo file', { exact: true }).setInputFiles(files.fakePhoto);
    await page.getByText('Please upload a JPEG, PNG or WebP photo').waitFor();
    await page.getByText('Uploaded · portrait.jpg').waitFor();
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await expectStep(page, 'Second Next of Kin', 80);
    await page.reload();
    await expectStep(page, 'Second Next of Kin', 80);
  });

  it('reopens a returned next of kin pre-filled, keeps its other documents and resubmits', async () => {
    const member = await submitRegistrationOverApi();
    const admin = await adminToken();
    await api(
      'POST',
      `/api/admin/users/${member.userId}/nok/1/reject`,
      { reason: 'The ID document is cut off', rejectedFields: ['idDocumentUrl'] },
      admin,
    );

    const page = await newPage({ width: 1280, height: 900 });
    await signIn(page, member.email, MEMBER_PASSWORD);
    await page.waitForURL('**/complete-registration');
    await expectStep(page, 'First Next of Kin', 60);
    const warning = page.getByRole('status').filter({ hasText: 'Your registration was returned' });
    await warning.getByText('Next of kin #1: ID Document').waitFor();
    await warning.getByText('Reason: The ID document is cut off').waitFor();

    expect(await page.getByLabel('Full name').inputValue()).toBe(kinDetails[1].fullName);
    expect(await page.getByLabel('Date of birth').inputValue()).toBe(kinDetails[1].dateOfBirth);
    // The photo and proof of address stay; the ID document was cleared and must be picked again.
    await page.getByAltText('Passport photo preview').waitFor();
    expect(await page.getByText('Already uploaded').count()).toBe(2);
    await page.getByText('Returned by the reviewer: please upload a new one').waitFor();

    await page.getByRole('button', { name: 'Submit for Review' }).click();
    await page.getByText('Please upload NOK ID document').first().waitFor();

    await page.getByLabel('NOK ID document file', { exact: true }).setInputFiles(files.pdf);
    await page.getByText('Uploaded · document.pdf').waitFor();
    await page.getByRole('button', { name: 'Submit for Review' }).click();
    await expectStep(page, 'Awaiting Review', 100);
    expect(await warning.count()).toBe(0);

    const kin = await api<Kin[]>('GET', '/api/auth/next-of-kin', undefined, member.token);
    expect(kin).toHaveLength(2);
    expect(kin[0]).toMatchObject({ nokOrder: 1, verificationStatus: 'pending' });
    expect(kin[0]!.idDocumentUrl).toMatch(/\.pdf$/);
    const me = await api<Me>('GET', '/api/auth/me', undefined, member.token);
    expect(me.registrationStatus).toBe('pending_kyc');
  });

  it('reopens returned personal information pre-filled, then asks only for the returned photo', async () => {
    const member = await submitRegistrationOverApi();
    const admin = await adminToken();
    await api(
      'POST',
      `/api/admin/users/${member.userId}/reject-kyc`,
      {
        reason: 'Please use your full address and a clearer photo',
        rejectedFields: ['personalInfo', 'profilePictureUrl'],
      },
      admin,
    );

    const page = await newPage(PHONE);
    await signIn(page, member.email, MEMBER_PASSWORD);
    await page.waitForURL('**/complete-registration');
    await expectStep(page, 'Profile Details', 0);
    const warning = page.getByRole('status').filter({ hasText: 'Your registration was returned' });
    await warning.getByText('Personal Information').waitFor();
    await warning.getByText('Passport Photo').waitFor();
    await warning.getByText('Reason: Please use your full address and a clearer photo').waitFor();
    await expectNoSidewaysScroll(page);

    expect(await page.getByLabel('Full name').inputValue()).toBe(profile.fullName);
    expect(await page.getByLabel('ID number').inputValue()).toBe(member.nationalId);
    expect(await page.getByLabel('Province (optional)').inputValue()).toBe(profile.province);
    await page.getByLabel('Residential address').fill('12 Vilakazi Street, Orlando West, Soweto 1804');
    await page.getByRole('button', { name: 'Save and Continue' }).click();

    // The ID document and both next of kin were not returned, so only the photo is left.
    await expectStep(page, 'Upload Photo', 20);
    expect(await warning.getByText('Personal Information').count()).toBe(0);
    await page.getByLabel('Photo file', { exact: true }).setInputFiles(files.photo);
    await page.getByRole('button', { name: 'Upload Photo' }).click();
    await expectStep(page, 'Awaiting Review', 100);

    const me = await api<Me & { address: string }>('GET', '/api/auth/me', undefined, member.token);
    expect(me).toMatchObject({
      registrationStatus: 'pending_kyc',
      address: '12 Vilakazi Street, Orlando West, Soweto 1804',
    });
  });
});
