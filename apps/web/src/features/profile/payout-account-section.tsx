import type { MemberPayoutAccount } from '@letsema/domain';
import { findPayoutBank, formatUsableFrom, PAYOUT_ACCOUNT_HOLD_HOURS, payoutBanks } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { ActionDialog, ActionDialogButtons } from '../../components/action-dialog';
import { IdentityProofField } from '../../components/identity-proof-field';
import { SelectInput } from '../../components/select-input';
import { TextInput } from '../../components/text-input';
import { getErrorMessage } from '../../lib/api-client';
import type { CurrentUser } from '../../lib/current-user';
import { identityProofKind, usePayoutAccount, useSavePayoutAccount } from '../../lib/payout-account';
import { useSuccessMessage } from '../../lib/use-success-message';

/** The one bank account every payout (withdrawals, exits, loans) is paid into. */
export function PayoutAccountSection({ user }: { user: CurrentUser }) {
  const account = usePayoutAccount();
  const success = useSuccessMessage();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Paper component="section" aria-labelledby="payout-account" sx={{ p: { xs: 2.5, sm: 3 }, mt: 3 }}>
      <Typography id="payout-account" variant="h4" component="h2" sx={{ mb: 1 }}>
        Payout account
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Withdrawals, exit payouts and loans are paid only into this account. A new or changed account receives payouts{' '}
        {PAYOUT_ACCOUNT_HOLD_HOURS} hours after it is saved, and we e-mail you whenever it changes.
      </Typography>
      {success.message && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {success.message}
        </Alert>
      )}
      {account.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {getErrorMessage(account.error, 'Your payout account could not be loaded')}
        </Alert>
      )}
      {account.isPending ? (
        <Skeleton height={72} />
      ) : account.data ? (
        <SavedAccount account={account.data} />
      ) : (
        account.isSuccess && <Typography sx={{ mb: 2 }}>You have no payout account yet.</Typography>
      )}
      <Button variant="outlined" onClick={() => setIsOpen(true)} sx={{ width: { xs: '100%', sm: 'auto' } }}>
        {account.data ? 'Change payout account' : 'Add payout account'}
      </Button>
      <PayoutAccountDialog
        isOpen={isOpen}
        user={user}
        current={account.data ?? null}
        onClose={() => setIsOpen(false)}
        onSaved={(saved) =>
          success.show(
            `Payout account saved. It can receive payouts from ${formatUsableFrom(new Date(saved.usableFrom))}.`,
          )
        }
      />
    </Paper>
  );
}

function SavedAccount({ account }: { account: MemberPayoutAccount }) {
  const rows = [
    ['Bank', account.bankName],
    ['Branch code', account.branchCode],
    ['Account holder', account.accountHolder],
    ['Account number', account.accountNumber],
  ] as const;
  return (
    <Box sx={{ mb: 2 }}>
      <Box
        component="dl"
        aria-label="Your payout account"
        sx={{ m: 0, mb: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {!account.isUsable && (
        <Alert severity="info">
          This account can receive payouts from {formatUsableFrom(new Date(account.usableFrom))}.
        </Alert>
      )}
    </Box>
  );
}

type Field = 'bankId' | 'branchCode' | 'accountHolder' | 'accountNumber';

function PayoutAccountDialog({
  isOpen,
  user,
  current,
  onClose,
  onSaved,
}: {
  isOpen: boolean;
  user: CurrentUser;
  current: MemberPayoutAccount | null;
  onClose: () => void;
  onSaved: (saved: MemberPayoutAccount) => void;
}) {
  const save = useSavePayoutAccount();
  const kind = identityProofKind(user);
  const [bankId, setBankId] = useState('');
  const [branchCode, setBranchCode] = useState('');
  const [accountHolder, setAccountHolder] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [proof, setProof] = useState('');
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const bank = findPayoutBank(bankId);
  // Opened with the bank and holder of the account saved, or the member's own name; never the number.
  useEffect(() => {
    if (!isOpen) return;
    setBankId(current?.bankId ?? '');
    setBranchCode(current?.branchCode ?? '');
    setAccountHolder(current?.accountHolder ?? user.fullName ?? '');
  }, [isOpen, current, user.fullName]);
  // Picking a bank fills in its universal branch code.
  const pickBank = (id: string) => {
    setBankId(id);
    setBranchCode(findPayoutBank(id)?.branchCode ?? '');
    setProblems(({ bankId: _bank, branchCode: _code, ...rest }) => rest);
  };

  const confirm = async () => {
    // The rules (zod and the server's schema) are fetched on the first save, not with the page.
    const { savePayoutAccountBody } = await import('./form-rules');
    const parsed = savePayoutAccountBody.safeParse({ bankId, branchCode, accountHolder, accountNumber });
    if (!parsed.success) {
      setProblems(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])) as Partial<
          Record<Field, string>
        >,
      );
      return;
    }
    setProblems({});
    save.mutate(
      { proof: { kind, value: proof }, body: parsed.data },
      {
        onSuccess: (saved) => {
          onSaved(saved);
          onClose();
        },
      },
    );
  };

  return (
    <ActionDialog
      isOpen={isOpen}
      title={current ? 'Change payout account' : 'Add payout account'}
      subtitle="Payouts go only to this account, 48 hours after you save it."
      isPending={save.isPending}
      onClose={onClose}
      onExited={() => {
        setBankId('');
        setBranchCode('');
        setAccountHolder('');
        setAccountNumber('');
        setProof('');
        setProblems({});
        save.reset();
      }}
    >
      <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {save.error && (
          <Alert severity="error">{getErrorMessage(save.error, 'Your payout account could not be saved')}</Alert>
        )}
        <SelectInput
          label="Bank"
          value={bankId}
          onChange={(event) => pickBank(event.target.value)}
          required
          error={Boolean(problems.bankId)}
          helperText={problems.bankId ?? ' '}
        >
          <option value="" disabled>
            Choose your bank
          </option>
          {payoutBanks.map((bank) => (
            <option key={bank.id} value={bank.id}>
              {bank.name}
            </option>
          ))}
        </SelectInput>
        <TextInput
          label="Branch code"
          value={branchCode}
          onChange={(event) => setBranchCode(event.target.value)}
          required
          error={Boolean(problems.branchCode)}
          helperText={
            problems.branchCode ??
            (bank ? `${bank.name}’s universal branch code` : 'Filled in when you choose the bank')
          }
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
        />
        <TextInput
          label="Account holder"
          value={accountHolder}
          onChange={(event) => setAccountHolder(event.target.value)}
          required
          autoComplete="name"
          error={Boolean(problems.accountHolder)}
          helperText={problems.accountHolder ?? 'As the bank has it'}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        <TextInput
          label="Account number"
          value={accountNumber}
          onChange={(event) => setAccountNumber(event.target.value)}
          required
          error={Boolean(problems.accountNumber)}
          helperText={problems.accountNumber ?? ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 40 } }}
        />
        <IdentityProofField kind={kind} value={proof} onChange={setProof} />
      </DialogContent>
      <ActionDialogButtons
        label="Save payout account"
        pendingLabel="Saving…"
        isPending={save.isPending}
        onCancel={onClose}
        onConfirm={() => void confirm()}
      />
    </ActionDialog>
  );
}
