import { zodResolver } from '@hookform/resolvers/zod';
import {
  createExpenseBody,
  createIncomeBody,
  earliestRecordDate,
  formatPeriod,
  lastDayOf,
  recordDateRefusal,
  type BooksCalendar,
  expenseCategories,
  expenseCategoryLabels,
  incomeCategories,
  incomeCategoryLabels,
  recordMessages,
  type CreateExpenseInput,
  type CreateIncomeInput,
} from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ActionDialog, ActionDialogButtons } from '../../../components/action-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { FormSelectField } from '../../../components/form-select-field';
import { getErrorMessage } from '../../../lib/api-client';
import { useBooksDay } from '../../../lib/books-clock';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useBookPools, useBooksStart, useRecordBook, type RecordKind } from './api';
import { DocumentField } from './document-field';

/** The form's values as typed; the document is sent as the URL it was stored under. */
interface RecordInput {
  category: string;
  amount: string;
  date: string;
  poolId: string;
  description: string;
  documentUrl: string;
  isAdjustment: boolean;
}

const copy = {
  expense: {
    title: 'Record an expense',
    subtitle: 'Another admin approves it before it counts; above the dual-approval amount, two do.',
    document: 'Receipt',
    documentHint: 'A photo or PDF of the invoice or receipt (10 MB at most).',
    documentKind: 'expense-receipt',
    documentMessage: recordMessages.receipt,
    categories: expenseCategories.map((value) => ({ value, label: expenseCategoryLabels[value] })),
  },
  income: {
    title: 'Record income',
    subtitle: 'What the pool’s investment earned. Another admin approves it before it counts.',
    document: 'Proof',
    documentHint: 'The statement or confirmation of the interest, dividend or gain (10 MB at most).',
    documentKind: 'income-proof',
    documentMessage: recordMessages.proof,
    categories: incomeCategories.map((value) => ({ value, label: incomeCategoryLabels[value] })),
  },
} as const;

/**
 * Records an expense or income: category, amount, date, pool, description and its document. With
 * `adjustmentIn` (a locked month), it is an adjustment dated on that month's last day to start with.
 */
export function RecordDialog({
  kind,
  isOpen,
  onClose,
  onRecorded,
  adjustmentIn,
}: {
  kind: RecordKind;
  isOpen: boolean;
  onClose: () => void;
  onRecorded: () => void;
  adjustmentIn?: string;
}) {
  const record = useRecordBook(kind);
  return (
    <ActionDialog
      isOpen={isOpen}
      title={copy[kind].title}
      subtitle={copy[kind].subtitle}
      isPending={record.isPending}
      onClose={onClose}
      onExited={record.reset}
    >
      <RecordForm
        kind={kind}
        adjustmentIn={adjustmentIn}
        isPending={record.isPending}
        onCancel={onClose}
        onSubmit={async (body) => {
          await record.mutateAsync(body);
          onRecorded();
        }}
      />
    </ActionDialog>
  );
}

function RecordForm({
  kind,
  adjustmentIn,
  isPending,
  onCancel,
  onSubmit,
}: {
  kind: RecordKind;
  adjustmentIn?: string;
  isPending: boolean;
  onCancel: () => void;
  onSubmit: (body: CreateExpenseInput | CreateIncomeInput) => Promise<void>;
}) {
  const text = copy[kind];
  const pools = useBookPools();
  const booksStart = useBooksStart();
  const [failure, setFailure] = useState<string | null>(null);
  const today = useBooksDay();
  // The server's period rule: until the months are loaded, the server alone says which are closed.
  const calendar: BooksCalendar = booksStart.data ?? { booksStart: null, lastClosed: null, locked: [] };
  // The server's schema, with the document under the field name the form uses.
  // Every field's message at once: a missing document is one of them, not a gate before the others.
  const schema = z
    .object({ documentUrl: z.string().optional() })
    .passthrough()
    .transform((values, context) => {
      const body = { ...values, [kind === 'expense' ? 'receiptUrl' : 'proofUrl']: values.documentUrl ?? '' };
      const parsed = (kind === 'expense' ? createExpenseBody : createIncomeBody).safeParse(body);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const isDocument = issue.path[0] === 'receiptUrl' || issue.path[0] === 'proofUrl';
          context.addIssue({
            code: 'custom',
            message: isDocument && !values.documentUrl ? text.documentMessage : issue.message,
            path: isDocument ? ['documentUrl'] : (issue.path as string[]),
          });
        }
        return z.NEVER;
      }
      const dateRefusal = recordDateRefusal(parsed.data.date, today, calendar, {
        isAdjustment: parsed.data.isAdjustment,
      });
      if (dateRefusal) {
        context.addIssue({ code: 'custom', message: dateRefusal, path: ['date'] });
        return z.NEVER;
      }
      // The server converts the amount itself: what is sent is what was typed, checked.
      return body as unknown as CreateExpenseInput | CreateIncomeInput;
    });
  const { control, handleSubmit, setError } = useForm<RecordInput, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema as never),
    defaultValues: {
      category: '',
      amount: '',
      date: adjustmentIn ? lastDayOf(adjustmentIn) : today,
      poolId: '',
      description: '',
      documentUrl: '',
      isAdjustment: Boolean(adjustmentIn),
    },
  });
  const documentField = useController({ control, name: 'documentUrl' });
  const adjustmentField = useController({ control, name: 'isAdjustment' });
  const isAdjustment = adjustmentField.field.value;
  const earliest = earliestRecordDate(today, calendar, { isAdjustment });
  // Offered where it changes something: while a month is locked for month end.
  const mayAdjust = Boolean(adjustmentIn) || calendar.locked.length > 0;

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await onSubmit(body);
    } catch (error) {
      applyServerFieldErrors(error, setError, ['category', 'amount', 'date', 'poolId', 'description']);
      setFailure(getErrorMessage(error, 'It could not be recorded. Please try again.'));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <FormSelectField control={control} name="category" label="Category" required disabled={isPending}>
          <option value="" disabled>
            Choose a category
          </option>
          {text.categories.map((category) => (
            <option key={category.value} value={category.value}>
              {category.label}
            </option>
          ))}
        </FormSelectField>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField
            control={control}
            name="amount"
            label="Amount (R)"
            inputMode="decimal"
            required
            disabled={isPending}
            slotProps={{ htmlInput: { maxLength: 15, inputMode: 'decimal' } }}
          />
          <FormTextField
            control={control}
            name="date"
            label="Date"
            type="date"
            required
            disabled={isPending}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: earliest, max: today } }}
          />
        </Box>
        <FormSelectField
          control={control}
          name="poolId"
          label="Pool"
          required
          disabled={isPending || pools.isPending}
          helperText={pools.isError ? 'The pools could not be loaded. Close and try again.' : undefined}
        >
          <option value="" disabled>
            {pools.isPending ? 'Loading pools…' : 'Choose a pool'}
          </option>
          {(pools.data ?? []).map((pool) => (
            <option key={pool.id} value={pool.id}>
              {pool.name}
            </option>
          ))}
        </FormSelectField>
        {mayAdjust && (
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  checked={isAdjustment}
                  disabled={isPending}
                  onChange={(event) => adjustmentField.field.onChange(event.target.checked)}
                />
              }
              label="This is an adjustment (a bank charge, interest or a correction)"
            />
            <FormHelperText sx={{ mt: 0 }}>
              {calendar.locked.length > 0
                ? `An adjustment may be dated in ${calendar.locked.map((period) => formatPeriod(period)).join(' or ')}, locked for month end, until it is closed.`
                : 'An adjustment may be dated in a month locked for month end, until it is closed.'}
            </FormHelperText>
          </Box>
        )}
        <FormTextField
          control={control}
          name="description"
          label="Description"
          required
          multiline
          minRows={2}
          disabled={isPending}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <DocumentField
          kind={text.documentKind}
          title={text.document}
          hint={text.documentHint}
          error={documentField.fieldState.error?.message ?? null}
          disabled={isPending}
          onUploaded={(url) => documentField.field.onChange(url ?? '')}
        />
      </DialogContent>
      <ActionDialogButtons
        isPending={isPending}
        label={kind === 'expense' ? 'Record expense' : 'Record income'}
        pendingLabel="Recording…"
        onCancel={onCancel}
      />
    </Box>
  );
}
