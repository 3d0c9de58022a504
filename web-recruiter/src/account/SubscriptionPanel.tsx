import {
  BillingMessages,
  RedirectResponse,
  RefundEligibility,
  RevealQuotaMessages,
  type SubscriptionInfo,
  shortDate,
} from '@healthtal/contracts';
import { Alert, Box, Button, Chip, List, ListItem, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '../app/api';
import { useAuth } from '../app/auth';
import { useToast } from '../app/toast';

/** The plan, the customer portal, and whether the money-back guarantee still applies (and why not). */
export function SubscriptionPanel() {
  const auth = useAuth();
  const toast = useToast();
  const [opening, setOpening] = useState(false);
  const subscription = auth.me?.subscription;
  const isDemo = auth.me?.demo.isDemo ?? false;
  // Admins count as subscribed without buying a plan: no portal and no refund for them.
  const paidPlan = Boolean(subscription?.subscribed && subscription.billing_interval);
  const refund = useQuery({
    queryKey: ['billing', 'refund-eligibility'],
    queryFn: ({ signal }) => api('/api/v1/billing/refund-eligibility', { schema: RefundEligibility, signal }),
    enabled: paidPlan,
  });

  const openPortal = async () => {
    setOpening(true);
    try {
      const { url } = await api('/api/v1/billing/portal', {
        method: 'POST',
        json: {},
        schema: RedirectResponse,
      });
      window.location.assign(url);
    } catch {
      toast(`${BillingMessages.portalFailedTitle}: ${BillingMessages.portalFailed}`, 'error');
      setOpening(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Subscription">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box>
          <Typography variant="h6" component="h2">
            Subscription
          </Typography>
          <Typography color="text.secondary">
            {planSummary(subscription, paidPlan)}{' '}
            <Chip size="small" label={`Tier: ${auth.me?.tier ?? 'free'}`} sx={{ ml: 1 }} />
          </Typography>
          {subscription?.current_period_end ? (
            <Typography variant="body2" color="text.secondary">
              {subscription.status === 'canceled' ? 'Access until' : 'Renews on'}{' '}
              {shortDate(subscription.current_period_end)}
            </Typography>
          ) : null}
          {auth.me?.revealQuota.limit != null ? (
            <Typography variant="body2" color="text.secondary" data-testid="reveal-quota">
              {RevealQuotaMessages.remaining(auth.me.revealQuota.remaining ?? 0, auth.me.revealQuota.limit)}
            </Typography>
          ) : null}
        </Box>
        {paidPlan ? (
          <Stack direction="row" spacing={1}>
            {/* The other plan is a prorated change made from the pricing page, not in the portal. */}
            <Button component={RouterLink} to="/pricing" variant="outlined" disabled={isDemo}>
              Change plan
            </Button>
            <Button variant="outlined" onClick={openPortal} disabled={opening || isDemo}>
              Manage subscription
            </Button>
          </Stack>
        ) : null}
        {subscription?.subscribed ? null : (
          <Button component={RouterLink} to="/pricing" variant="contained" disabled={isDemo}>
            See plans
          </Button>
        )}
      </Stack>
      {paidPlan && refund.data ? <RefundStatus eligibility={refund.data} /> : null}
    </Paper>
  );
}

function planSummary(subscription: SubscriptionInfo | undefined, paidPlan: boolean): string {
  if (paidPlan && subscription) return `${subscription.plan_name} plan · ${subscription.status ?? 'active'}`;
  if (subscription?.subscribed)
    return `${subscription.plan_name ?? 'Admin'} access: every feature, no plan needed`;
  return 'Free plan';
}

function RefundStatus({ eligibility }: { eligibility: RefundEligibility }) {
  if (eligibility.eligible)
    return (
      <Alert severity="success" sx={{ mt: 2 }}>
        Your purchase is covered by the 30-day money-back guarantee
        {eligibility.refundableUntil ? ` until ${shortDate(eligibility.refundableUntil)}` : ''}.
      </Alert>
    );
  return (
    <Alert severity="info" sx={{ mt: 2 }}>
      Not eligible for the money-back guarantee:
      <List dense disablePadding>
        {eligibility.reasons.map((reason) => (
          <ListItem key={reason} disableGutters>
            {reason}
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
