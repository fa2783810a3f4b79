import { reviewMessages, type NextOfKinView } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import type { MemberForReview } from './api';
import {
  canDecide,
  checkRejection,
  getDecisionState,
  getDownloadName,
  getRejectOptions,
  getRejectTitle,
  getReviewTabs,
  getTargetStatus,
} from './review-rules';

function kin(nokOrder: number, verificationStatus: NextOfKinView['verificationStatus'] = 'pending'): NextOfKinView {
  return {
    id: `kin-${nokOrder}`,
    nokOrder,
    fullName: `Kin ${nokOrder}`,
    relationship: 'Sister',
    phoneNumber: '0831234567',
    email: null,
    nationalId: 'P1234567',
    dateOfBirth: '1985-06-15',
    address: '45 Jan Smuts Avenue',
    passportPhotoUrl: '/api/files/a.png',
    idDocumentUrl: '/api/files/b.pdf',
    proofOfAddressUrl: '/api/files/c.pdf',
    verificationStatus,
    rejectedFields: [],
    rejectionReason: null,
    createdAt: '2025-01-01T08:00:00.000Z',
    updatedAt: '2025-01-01T08:00:00.000Z',
  };
}

function member(change: Partial<MemberForReview> = {}): MemberForReview {
  return {
    id: 'user-1',
    email: 'thandi@example.com',
    fullName: 'Thandi Mokoena',
    phoneNumber: '0821234567',
    identityType: 'national_id',
    nationalId: '8001015009087',
    dateOfBirth: '1980-01-01',
    address: '12 Vilakazi Street',
    city: null,
    province: null,
    profilePictureUrl: '/api/files/p.jpg',
    idDocumentUrl: '/api/files/i.pdf',
    registrationStatus: 'pending_kyc',
    isAdmin: false,
    isSuperAdmin: false,
    adminRoles: [],
    rejectedFields: [],
    rejectionReason: null,
    hasPassword: true,
    emailVerified: false,
    mfaEnabled: false,
    passwordChangeRequired: false,
    lastLoginAt: null,
    createdAt: '2025-01-01T08:00:00.000Z',
    updatedAt: '2025-01-02T08:00:00.000Z',
    submittedAt: '2025-01-02T08:00:00.000Z',
    nextOfKin: [kin(1), kin(2)],
    ...change,
  };
}

describe('getReviewTabs', () => {
  it('shows a tab for each next of kin that exists', () => {
    expect(getReviewTabs(member()).map((tab) => tab.label)).toEqual([
      'KYC Verification',
      'Next of Kin #1',
      'Next of Kin #2',
    ]);
    expect(getReviewTabs(member({ nextOfKin: [kin(1)] })).map((tab) => tab.label)).toEqual([
      'KYC Verification',
      'Next of Kin #1',
    ]);
  });

  it('shows each status as the admin screen names it', () => {
    const tabs = getReviewTabs(
      member({ registrationStatus: 'active', nextOfKin: [kin(1, 'approved'), kin(2, 'rejected')] }),
    );
    expect(tabs.map((tab) => tab.status)).toEqual(['verified', 'verified', 'rejected']);
  });
});

describe('canDecide', () => {
  it.each([
    ['a pending registration in the queue', member(), 'kyc', true],
    ['a pending kin of a registration in the queue', member(), 1, true],
    ['an approved kin', member({ nextOfKin: [kin(1, 'approved'), kin(2)] }), 1, false],
    ['an active registration', member({ registrationStatus: 'active' }), 'kyc', false],
    ['a returned registration', member({ registrationStatus: 'rejected', submittedAt: null }), 'kyc', false],
    [
      'a pending kin of a returned registration',
      member({ registrationStatus: 'rejected', submittedAt: null }),
      2,
      false,
    ],
    ['a registration not yet submitted', member({ submittedAt: null }), 'kyc', false],
    ['a kin that does not exist', member({ nextOfKin: [kin(1)] }), 2, false],
  ] as const)('%s: %s', (_name, subject, target, expected) => {
    expect(canDecide(subject, target)).toBe(expected);
  });

  it('reads a missing kin as pending', () => {
    expect(getTargetStatus(member({ nextOfKin: [] }), 1)).toBe('pending');
  });
});

describe('getRejectOptions', () => {
  it('offers the registration documents only when they are present', () => {
    expect(getRejectOptions(member(), 'kyc').map((o) => o.label)).toEqual([
      'Passport Photo',
      'ID Document',
      'Personal Information',
    ]);
    expect(getRejectOptions(member({ profilePictureUrl: null }), 'kyc').map((o) => o.field)).toEqual([
      'idDocumentUrl',
      'personalInfo',
    ]);
  });

  it('always offers the four items of a next of kin', () => {
    expect(getRejectOptions(member(), 2).map((o) => o.label)).toEqual([
      'Passport Photo',
      'ID Document',
      'Proof of Address',
      'Personal Information',
    ]);
  });
});

describe('checkRejection', () => {
  it.each([
    ['', ['idDocumentUrl']],
    ['   ', ['idDocumentUrl']],
    ['Blurry', []],
  ])('refuses reason %j with fields %j', (reason, fields) => {
    expect(checkRejection('kyc', reason, fields)).toEqual({ isValid: false, message: reviewMessages.reasonAndField });
  });

  it('accepts a reason and a field, trimmed', () => {
    expect(checkRejection(1, '  Blurry  ', ['proofOfAddressUrl'])).toEqual({
      isValid: true,
      body: { reason: 'Blurry', rejectedFields: ['proofOfAddressUrl'] },
    });
  });

  it('refuses a kin field on the registration', () => {
    expect(checkRejection('kyc', 'Blurry', ['proofOfAddressUrl']).isValid).toBe(false);
  });

  it('refuses a reason over 1000 characters', () => {
    expect(checkRejection('kyc', 'x'.repeat(1001), ['personalInfo'])).toEqual({
      isValid: false,
      message: reviewMessages.reasonTooLong,
    });
  });
});

describe('names', () => {
  it.each([
    ['kyc', 'Reject KYC'],
    [1, 'Reject NOK #1'],
    [2, 'Reject NOK #2'],
  ] as const)('%s -> %s', (target, title) => {
    expect(getRejectTitle(target)).toBe(title);
  });

  it.each([
    ['kyc', 'idDocument', 'id-document'],
    [1, 'idDocument', 'nok1-id'],
    [1, 'proofOfAddress', 'nok1-address'],
    [2, 'idDocument', 'nok2-id'],
    [2, 'proofOfAddress', 'nok2-address'],
  ] as const)('%s %s downloads as %s', (target, document, name) => {
    expect(getDownloadName(target, document)).toBe(name);
  });
});

describe('getDecisionState', () => {
  it('stays the same while nothing in the review changes', () => {
    expect(getDecisionState(member(), 'kyc')).toBe(getDecisionState(member(), 'kyc'));
  });

  it('changes when a next of kin is decided, so a "approve both next of kin first" failure goes', () => {
    const before = getDecisionState(member(), 'kyc');
    expect(getDecisionState(member({ nextOfKin: [kin(1, 'approved'), kin(2)] }), 'kyc')).not.toBe(before);
    expect(getDecisionState(member({ nextOfKin: [kin(1), kin(2, 'rejected')] }), 'kyc')).not.toBe(before);
  });

  it('changes with the tab and with the registration', () => {
    const before = getDecisionState(member(), 'kyc');
    expect(getDecisionState(member(), 1)).not.toBe(before);
    expect(getDecisionState(member({ registrationStatus: 'active' }), 'kyc')).not.toBe(before);
  });
});
