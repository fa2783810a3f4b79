import { MAX_UPLOAD_BYTES, uploadMessages } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import {
  checkUploadSize,
  formatFileSize,
  listReturnedGroups,
  kinUploadFailures,
  registrationFailures,
} from './registration-rules';

describe('listReturnedGroups', () => {
  it('lists the member items and each returned kin with its own reason', () => {
    const groups = listReturnedGroups(
      { rejectedFields: ['personalInfo', 'profilePictureUrl'], rejectionReason: 'The photo is blurred' },
      [
        { nokOrder: 2, verificationStatus: 'rejected', rejectedFields: ['proofOfAddressUrl'], rejectionReason: 'Old' },
        { nokOrder: 1, verificationStatus: 'rejected', rejectedFields: ['idDocumentUrl', 'passportPhotoUrl'] },
      ],
    );
    expect(groups).toEqual([
      {
        title: 'Your registration',
        items: ['Personal Information', 'Passport Photo'],
        reason: 'The photo is blurred',
      },
      {
        title: 'Next of kin #1',
        items: ['Next of kin #1: ID Document', 'Next of kin #1: Passport Photo'],
        reason: null,
      },
      { title: 'Next of kin #2', items: ['Next of kin #2: Proof of Address'], reason: 'Old' },
    ]);
  });

  it('leaves out kin that are not returned and member items already redone', () => {
    const groups = listReturnedGroups({ rejectedFields: [], rejectionReason: 'Earlier reason' }, [
      { nokOrder: 1, verificationStatus: 'pending', rejectedFields: [] },
      { nokOrder: 2, verificationStatus: 'rejected', rejectedFields: [], rejectionReason: 'Call us' },
    ]);
    expect(groups).toEqual([{ title: 'Next of kin #2', items: ['Next of kin #2'], reason: 'Call us' }]);
  });
});

describe('checkUploadSize', () => {
  it.each([
    [1, null],
    [MAX_UPLOAD_BYTES, null],
    [MAX_UPLOAD_BYTES + 1, uploadMessages.tooLarge],
  ])('%d bytes -> %s', (size, message) => {
    expect(checkUploadSize({ size })).toBe(message);
  });
});

describe('formatFileSize', () => {
  it.each([
    [512, '512 B'],
    [2048, '2 KB'],
    [2.4 * 1024 * 1024, '2.4 MB'],
  ])('%d -> %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('kinUploadFailures', () => {
  // The spec's catalogue (section 8): the wizard's messages for a failure the server gives no text for.
  const catalogue = [
    'Failed to save profile',
    'Failed to upload photo',
    'Failed to upload ID document',
    'Failed to add next of kin',
  ];

  it.each([
    ['passportPhotoUrl', 'Failed to upload photo'],
    ['idDocumentUrl', 'Failed to upload ID document'],
    ['proofOfAddressUrl', 'Failed to add next of kin'],
  ] as const)('a failed %s upload says %s', (field, message) => {
    expect(kinUploadFailures[field]).toBe(message);
  });

  it('uses only the catalogue’s words', () => {
    expect(catalogue).toEqual(
      expect.arrayContaining([...Object.values(registrationFailures), ...Object.values(kinUploadFailures)]),
    );
  });
});
