import {
  EXPORT_FORMAT_LABELS,
  EXPORT_FORMATS,
  type ExportFormat,
  RefundEligibility,
} from '@healthtal/contracts';
import { Button, Stack, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { api } from '../app/api';
import { useAuth } from '../app/auth';

// Loaded when first needed: the search page's first download stays small.
const ExportGuaranteeDialog = lazy(() =>
  import('./ExportGuaranteeDialog').then((m) => ({ default: m.ExportGuaranteeDialog })),
);

const REFUND_KEY = ['billing', 'refund-eligibility'] as const;

type Props = {
  label: string;
  disabled: boolean;
  busy: boolean;
  /** Checked before anything is asked (a selection, a signed-in user); shows its own toast. */
  ready?: () => boolean;
  /** Runs the export; the button has already asked about the guarantee when it applies. */
  onExport: (format: ExportFormat) => Promise<void>;
};

/**
 * Export with its format (CSV or Excel) and, while the customer is still inside the money-back
 * window, a confirmation first: any export ends the guarantee (admin-intake-outreach §9).
 */
export function ExportButton({ label, disabled, busy, ready = () => true, onExport }: Props) {
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [confirming, setConfirming] = useState(false);
  const client = useQueryClient();
  const guaranteeCovered = useGuaranteeCovered(!disabled);

  const run = async () => {
    setConfirming(false);
    await onExport(format);
    void client.invalidateQueries({ queryKey: REFUND_KEY });
  };
  const start = async () => {
    if (!ready()) return;
    if (await guaranteeCovered()) setConfirming(true);
    else await run();
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
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
        {EXPORT_FORMATS.map((f) => (
          <option key={f} value={f}>
            {EXPORT_FORMAT_LABELS[f]}
          </option>
        ))}
      </TextField>
      <Button variant="outlined" onClick={() => void start()} disabled={disabled || busy}>
        {busy ? 'Exporting…' : label}
      </Button>
      {confirming ? (
        <Suspense fallback={null}>
          <ExportGuaranteeDialog onCancel={() => setConfirming(false)} onConfirm={() => void run()} />
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
