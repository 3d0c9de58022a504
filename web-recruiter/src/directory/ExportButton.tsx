import {
  EXPORT_FORMAT_LABELS,
  EXPORT_FORMATS,
  type ExportFormat,
  ExportMessages,
  RefundEligibility,
} from '@healthtal/contracts';
import { Button, Stack, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { api } from '../app/api';
import { useAuth } from '../app/auth';
import type { ExportQuestion } from './ExportConfirmDialog';

// Loaded when first needed: the search page's first download stays small.
const ExportConfirmDialog = lazy(() =>
  import('./ExportConfirmDialog').then((m) => ({ default: m.ExportConfirmDialog })),
);

const GUARANTEE_QUESTION: ExportQuestion = {
  title: ExportMessages.guaranteeTitle,
  text: ExportMessages.guaranteeText,
  confirm: ExportMessages.guaranteeConfirm,
  cancel: ExportMessages.guaranteeCancel,
  warning: true,
};

const REFUND_KEY = ['billing', 'refund-eligibility'] as const;

type Props = {
  label: string;
  disabled: boolean;
  busy: boolean;
  /** Checked before anything is asked (a selection, a signed-in user); shows its own toast. */
  ready?: () => boolean;
  /** A question asked before anything else (how many a search export takes), or null for none. */
  ask?: () => ExportQuestion | null;
  /** The formats offered (a picker when more than one); all of them by default. */
  formats?: readonly ExportFormat[];
  /** Runs the export; the button has already asked about the guarantee when it applies. */
  onExport: (format: ExportFormat) => Promise<void>;
};

/**
 * Export with its format (CSV, Excel or PDF), after the caller's question if it has one and, while
 * the customer is still inside the money-back window, a confirmation: any export ends the guarantee
 * (admin-intake-outreach §9).
 */
export function ExportButton({
  label,
  disabled,
  busy,
  ready = () => true,
  ask = () => null,
  formats = EXPORT_FORMATS,
  onExport,
}: Props) {
  const [format, setFormat] = useState<ExportFormat>(formats[0] ?? 'csv');
  const [question, setQuestion] = useState<{ asked: ExportQuestion; onYes: () => Promise<void> } | null>(
    null,
  );
  const client = useQueryClient();
  const guaranteeCovered = useGuaranteeCovered(!disabled);

  const run = async () => {
    setQuestion(null);
    await onExport(format);
    void client.invalidateQueries({ queryKey: REFUND_KEY });
  };
  const afterQuestion = async () => {
    setQuestion(null);
    if (await guaranteeCovered()) setQuestion({ asked: GUARANTEE_QUESTION, onYes: run });
    else await run();
  };
  const start = async () => {
    if (!ready()) return;
    const asked = ask();
    if (asked) setQuestion({ asked, onYes: afterQuestion });
    else await afterQuestion();
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {formats.length > 1 ? (
        <TextField
          select
          size="small"
          label="Format"
          value={format}
          onChange={(e) => setFormat(e.target.value as ExportFormat)}
          disabled={disabled}
          sx={{ minWidth: 140 }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {formats.map((f) => (
            <option key={f} value={f}>
              {EXPORT_FORMAT_LABELS[f]}
            </option>
          ))}
        </TextField>
      ) : null}
      <Button variant="outlined" onClick={() => void start()} disabled={disabled || busy}>
        {busy ? 'Exporting…' : label}
      </Button>
      {question ? (
        <Suspense fallback={null}>
          <ExportConfirmDialog
            question={question.asked}
            onCancel={() => setQuestion(null)}
            onConfirm={() => void question.onYes()}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

const refundQuery = {
  queryKey: REFUND_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api('/api/v1/billing/refund-eligibility', { schema: RefundEligibility, signal }),
};

/**
 * Whether a refund could still be asked for, so an export would give it up. Loaded ahead of the
 * click; a failed load asks no question (the server's rules still decide any refund).
 */
function useGuaranteeCovered(enabled: boolean): () => Promise<boolean> {
  const auth = useAuth();
  const client = useQueryClient();
  const subscription = auth.me?.subscription;
  // Admins count as subscribed without buying a plan: they have no guarantee to lose.
  const paidPlan = Boolean(subscription?.subscribed && subscription.billing_interval);
  useQuery({ ...refundQuery, enabled: enabled && paidPlan });
  return async () => {
    if (!paidPlan) return false;
    const eligibility = await client.ensureQueryData(refundQuery).catch(() => null);
    return eligibility?.eligible === true;
  };
}
