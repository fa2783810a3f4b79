import { describe, expect, it } from 'vitest';
import { resumeStep, wizardProgress, type WizardKin, type WizardUser } from './wizard.js';

const full: WizardUser = {
  fullName: 'Thandi Mokoena',
  profilePictureUrl: '/api/files/aa/a.jpg',
  idDocumentUrl: '/api/files/bb/b.pdf',
  rejectedFields: [],
};
const kin = (nokOrder: number, change: Partial<WizardKin> = {}): WizardKin => ({
  nokOrder,
  verificationStatus: 'pending',
  passportPhotoUrl: '/api/files/cc/c.jpg',
  idDocumentUrl: '/api/files/dd/d.pdf',
  proofOfAddressUrl: '/api/files/ee/e.pdf',
  ...change,
});

describe('resumeStep', () => {
  it.each<[string, WizardUser, WizardKin[], number]>([
    ['a new account', { fullName: null, profilePictureUrl: null, idDocumentUrl: null }, [], 1],
    ['profile saved', { ...full, profilePictureUrl: null, idDocumentUrl: null }, [], 2],
    ['photo uploaded', { ...full, idDocumentUrl: null }, [], 3],
    ['ID uploaded', full, [], 4],
    ['one kin', full, [kin(1)], 5],
    ['two kin', full, [kin(1), kin(2)], 6],
    ['personal information returned', { ...full, rejectedFields: ['personalInfo'] }, [kin(1), kin(2)], 1],
    ['photo returned (cleared)', { ...full, profilePictureUrl: null }, [kin(1), kin(2)], 2],
    ['kin 1 returned', full, [kin(1, { verificationStatus: 'rejected' }), kin(2)], 4],
    ['kin 2 document cleared', full, [kin(1), kin(2, { proofOfAddressUrl: null })], 5],
  ])('%s resumes at step %#', (_name, user, kinList, step) => {
    expect(resumeStep(user, kinList)).toBe(step);
  });
});

describe('wizardProgress', () => {
  it.each([
    [1, 0],
    [2, 20],
    [4, 60],
    [6, 100],
  ] as const)('step %d shows %d%%', (step, percent) => {
    expect(wizardProgress(step)).toBe(percent);
  });
});
