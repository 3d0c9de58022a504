import {
  BillingMessages,
  RedirectResponse,
  RevealQuotaMessages,
  type SubscriptionInfo,
} from '@healthtal/contracts';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '../app/api';
import { useAuth } from '../app/auth';
import { useToast } from '../app/toast';
import { shortDate } from '../directory/candidate-card';
import { RefundSection, useRefundEligibility } from './RefundRequest';

/**
 * The plan, the customer portal, and the money-back guarantee: whether it still applies (and why
 * not), the Request a refund button, and the request's status once made.
 */
export function SubscriptionPanel() {
  const auth = useAuth();
  const toast = useToast();
  const [opening, setOpening] = useState(false);
  const subscription = auth.me?.subscription;
  const isDemo = auth.me?.demo.isDemo ?? false;
  // Admins count as subscribed without buying a plan: no portal and no refund for them.
  const paidPlan = Boolean(subscription?.subscribed && subscription.billing_interval);
  // A refunded customer is back on the free plan and still sees how the request ended.
  const refund = useRefundEligibility(paidPlan || (Boolean(auth.me) && !subscription?.subscribed));
  const period = periodLine(subscription);

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
          {period ? (
            <Typography variant="body2" color="text.secondary">
              {period}
            </Typography>
          ) : null}
          {auth.me?.revealQuota.limit != null ? (
            <Typography variant="body2" color="text.secondary" data-testid="reveal-quota">
              {RevealQuotaMessages.remaining(auth.me.revealQuota.remaining ?? 0, auth.me.revealQuota.limit)}
            </Typography>
          ) : null}
          {auth.me?.revealQuota.credited ? (
            <Typography variant="body2" color="text.secondary" data-testid="reveal-credits">
              {RevealQuotaMessages.credited(auth.me.revealQuota.credited)}
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
      {refund.data ? <RefundSection eligibility={refund.data} paidPlan={paidPlan} /> : null}
    </Paper>
  );
}

/**
 * Where the paid period stands: when it renews, when a cancellation takes effect, or that it is over
 * (refunded, expired, or canceled and past its end). A plan that is gone renews on no date.
 */
function periodLine(subscription: SubscriptionInfo | undefined): string | null {
  if (!subscription?.status) return null;
  const end = subscription.current_period_end;
  if (subscription.status === 'expired' || !end || Date.parse(end) <= Date.now())
    return 'Your subscription has ended.';
  return `${subscription.status === 'canceled' ? 'Access until' : 'Renews on'} ${shortDate(end)}`;
}

function planSummary(subscription: SubscriptionInfo | undefined, paidPlan: boolean): string {
  if (paidPlan && subscription) return `${subscription.plan_name} plan · ${subscription.status ?? 'active'}`;
  if (subscription?.subscribed)
    return `${subscription.plan_name ?? 'Admin'} access: every feature, no plan needed`;
  return 'Free plan';
}
