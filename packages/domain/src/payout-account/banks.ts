// The member's payout account: the banks, messages and pure rules, apart from the schema so pages can use them without zod.

/**
 * South Africa's banks with their universal branch codes: a payment to any branch of the bank can use
 * it, so the member picks the bank and the code fills itself in.
 */
export const payoutBanks = [
  { id: 'absa', name: 'Absa', branchCode: '632005' },
  { id: 'african-bank', name: 'African Bank', branchCode: '430000' },
  { id: 'bank-zero', name: 'Bank Zero', branchCode: '888000' },
  { id: 'bidvest', name: 'Bidvest Bank', branchCode: '462005' },
  { id: 'capitec', name: 'Capitec', branchCode: '470010' },
  { id: 'discovery', name: 'Discovery Bank', branchCode: '679000' },
  { id: 'fnb', name: 'FNB', branchCode: '250655' },
  { id: 'investec', name: 'Investec', branchCode: '580105' },
  { id: 'nedbank', name: 'Nedbank', branchCode: '198765' },
  { id: 'standard-bank', name: 'Standard Bank', branchCode: '051001' },
  { id: 'tymebank', name: 'TymeBank', branchCode: '678910' },
] as const;

export type PayoutBank = (typeof payoutBanks)[number];
export type PayoutBankId = PayoutBank['id'];
export const payoutBankIds = payoutBanks.map((bank) => bank.id) as [PayoutBankId, ...PayoutBankId[]];

/** The bank of an id, or undefined for one no longer on the list. */
export function findPayoutBank(id: string): PayoutBank | undefined {
  return payoutBanks.find((bank) => bank.id === id);
}

/** A branch code as people copy it: spaces and dashes between the digits are left out. */
export function normaliseBranchCode(branchCode: string): string {
  return branchCode.replace(/[\s-]/g, '');
}

/**
 * What is wrong with a branch code for the chosen bank, or null when it is the bank's universal branch
 * code: a payout goes to the bank's universal code, so any other code (another bank's, or a typo) is
 * refused. An unknown bank is refused by its own rule, not here.
 */
export function branchCodeProblem(bankId: string, branchCode: string): string | null {
  const code = normaliseBranchCode(branchCode);
  if (!/^\d{6}$/.test(code)) return payoutAccountMessages.branchCode;
  const bank = findPayoutBank(bankId);
  if (!bank || bank.branchCode === code) return null;
  return payoutAccountMessages.branchCodeOfBank(bank.name, bank.branchCode);
}

/** A new or changed payout account receives no payout for this long: time for the member to see the e-mail. */
export const PAYOUT_ACCOUNT_HOLD_HOURS = 48;

/** Requesting a withdrawal or an exit, or changing the payout account, needs proof of identity this recent. */
export const PAYOUT_REAUTH_MINUTES = 5;

/** Digits of an account number allowed, the same on both sides. */
export const ACCOUNT_NUMBER_MIN_DIGITS = 6;
export const ACCOUNT_NUMBER_MAX_DIGITS = 16;

/** An account number as anyone but the admins who pay sees it: its last four digits. */
export function maskAccountNumber(accountNumber: string): string {
  return `…${accountNumber.slice(-4)}`;
}

/** The day and time (Africa/Johannesburg) from which a held account can receive a payout, as messages say it. */
export function formatUsableFrom(usableFrom: Date): string {
  return new Intl.DateTimeFormat('en-ZA', {
    timeZone: 'Africa/Johannesburg',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(usableFrom);
}

export const payoutAccountMessages = {
  bank: 'Please choose your bank',
  holder: 'Enter the account holder’s name as the bank has it (2 to 120 characters)',
  branchCode: 'Enter the branch code: 6 digits',
  branchCodeOfBank: (bankName: string, code: string) =>
    `This branch code is not ${bankName}’s: use its universal branch code, ${code}`,
  accountNumber: `Enter the account number: ${ACCOUNT_NUMBER_MIN_DIGITS} to ${ACCOUNT_NUMBER_MAX_DIGITS} digits`,
  missing: 'Add your payout account in your profile first: payouts go only to it.',
  memberMissing: 'The member has no payout account yet: they must add one in their profile.',
  held: (when: string) => `The payout account was changed recently: it can receive payouts from ${when}.`,
  reauthRequired: 'Please confirm it is you: enter your password (or code) again.',
  notFound: 'Payout account not found',
} as const;

const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'prof', 'adv', 'rev']);

/** The words of a name, lowercase, without accents, punctuation or titles. */
function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length > 0 && !TITLES.has(word));
}

/**
 * Whether the account holder's name is the member's: every word of the holder's name is a word of
 * the member's name or the initial of one, and the last words (surnames) agree. "L Dlamini",
 * "Mrs Lerato Dlamini" and "Dlamini Lerato" pass for Lerato Dlamini; "Thabo Mokoena" does not.
 */
export function holderNameMatches(holder: string, memberName: string | null): boolean {
  const holderWords = nameWords(holder);
  const memberWords = nameWords(memberName ?? '');
  if (holderWords.length === 0 || memberWords.length === 0) return false;
  const fullWords = holderWords.filter((word) => word.length > 1);
  const initials = holderWords.filter((word) => word.length === 1);
  if (fullWords.length === 0) return false;
  if (!fullWords.every((word) => memberWords.includes(word))) return false;
  if (!initials.every((initial) => memberWords.some((word) => word.startsWith(initial)))) return false;
  const surname = memberWords[memberWords.length - 1]!;
  return fullWords.includes(surname);
}

/** An account without a password or two-factor confirms it is them with a code e-mailed to them. */
export const EMAILED_CODE_MINUTES = 10;

export const emailedCodeMessages = {
  sent: 'We e-mailed you a six-digit code. Type it here to confirm it is you.',
  wrong: 'That code is not right, or it has expired. Ask for a new one.',
  required: 'Enter the code we e-mailed you',
  tooSoon: 'We sent you a code less than a minute ago. Please check your e-mail.',
  tooMany: 'Too many codes were asked for. Please try again in an hour.',
  hasPassword: 'Confirm with your password instead.',
} as const;
