import { BillingMessages, type PlanOffer, RedirectResponse, RevealQuotaMessages } from '@healthtal/contracts';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Container,
  Grid,
  Link,
  List,
  ListItem,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { ApiError, api } from '../app/api';
import { type Auth, useAuth } from '../app/auth';
import { useToast } from '../app/toast';
import { usePlans } from './plans';

type Plan = z.infer<typeof PlanOffer>;

const PRICING_FAQ = [
  [
    'Can I switch plans?',
    'Yes. Choose the other plan here: the change applies at once, and the unused time of your current plan is credited.',
  ],
  ['Which plan has exports?', 'The Annual plan includes CSV exports of searches, selections and lists.'],
  [
    'Is there a guarantee?',
    'The Annual plan has a 30-day money-back guarantee, as long as no exports were made.',
  ],
  ['How do I pay?', 'By card through our payment provider; we never see your card number.'],
] as const;

/** The card's corner badge (current plan, or the highlighted plan), out of the flow so titles align. */
const PLAN_BADGE = { position: 'absolute', top: 16, right: 16 } as const;

/** True when this card is the plan the signed-in user pays for now. */
export function isCurrentPlan(plan: Plan, auth: Auth): boolean {
  const subscription = auth.me?.subscription;
  return Boolean(subscription?.subscribed && subscription.billing_interval === plan.billingInterval);
}

/**
 * Always the spec's title, "Checkout failed"; then the server's own words when it said why (already
 * on this plan, billing not set up), else the spec's text.
 */
export function checkoutProblem(error: unknown): string {
  if (!(error instanceof ApiError)) {
    return `${BillingMessages.checkoutFailedTitle}: ${BillingMessages.checkoutInitFailed}`;
  }
  return `${BillingMessages.checkoutFailedTitle}: ${error.problem.detail ?? BillingMessages.checkoutFailed}`;
}

/**
 * The demo account is shared and cannot buy a plan (issue 37: it met "Forbidden: This needs:
 * not-demo"): the page says so first, with the ways to a plan of one's own.
 */
function DemoCannotSubscribe() {
  return (
    <Alert severity="info" sx={{ mb: 4 }}>
      <AlertTitle>{BillingMessages.demoCannotSubscribeTitle}</AlertTitle>
      {BillingMessages.demoCannotSubscribe}{' '}
      <Link component={RouterLink} to="/signup">
        {BillingMessages.demoSignUp}
      </Link>
      {' · '}
      <Link component={RouterLink} to="/contact">
        {BillingMessages.contactSales}
      </Link>
    </Alert>
  );
}

export function PricingPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [pending, setPending] = useState<string | null>(null);
  const isDemo = auth.me?.demo.isDemo ?? false;
  const plans = usePlans();

  const checkout = async (plan: Plan) => {
    if (auth.status !== 'signed-in') {
      toast(`${BillingMessages.authRequiredTitle}: ${BillingMessages.signInToSubscribe}`, 'error');
      navigate('/login?return_to=/pricing');
      return;
    }
    if (isDemo) {
      toast(`${BillingMessages.demoCannotSubscribeTitle}: ${BillingMessages.demoCannotSubscribe}`, 'info');
      return;
    }
    setPending(plan.priceId);
    try {
      const { url } = await api('/api/v1/billing/checkout', {
        method: 'POST',
        json: { priceId: plan.priceId, returnPath: '/search' },
        schema: RedirectResponse,
      });
      // A path stays inside the app; anything else (Stripe Checkout) is a full redirect.
      if (url.startsWith('/') && !url.startsWith('/api/')) navigate(url);
      else window.location.assign(url);
    } catch (error) {
      toast(checkoutProblem(error), 'error');
      setPending(null);
    }
  };

  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h3" component="h1" gutterBottom sx={{ textAlign: 'center' }}>
        Plans and pricing
      </Typography>
      <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 4 }}>
        Search 1.5 million US healthcare professionals and reveal their verified emails and phones, up to your
        plan's daily number of contact reveals.
      </Typography>
      {isDemo ? <DemoCannotSubscribe /> : null}
      {plans.isError ? (
        <Alert severity="error">The plans could not be loaded. Please try again.</Alert>
      ) : null}
      <Grid container spacing={3} sx={{ justifyContent: 'center' }}>
        {(plans.data?.plans ?? []).map((plan) => {
          const current = isCurrentPlan(plan, auth);
          return (
            <Grid key={plan.priceId} size={{ xs: 12, md: 5 }}>
              <Card
                variant="outlined"
                component="section"
                aria-label={`${plan.name} plan`}
                sx={{
                  position: 'relative',
                  height: '100%',
                  display: 'flex',
                  flexDirection: 'column',
                  borderColor: plan.highlighted ? 'primary.main' : undefined,
                  borderWidth: plan.highlighted ? 2 : 1,
                }}
              >
                <CardContent sx={{ flex: 1 }}>
                  {current ? (
                    <Chip color="success" label={BillingMessages.currentPlan} sx={PLAN_BADGE} />
                  ) : plan.highlighted ? (
                    <Chip color="primary" label="Best value" sx={PLAN_BADGE} />
                  ) : null}
                  <Typography variant="h5" component="h2">
                    {plan.name}
                  </Typography>
                  <Typography variant="h3" component="p" sx={{ fontWeight: 700, mt: 1 }}>
                    ${(plan.priceAmount / 100).toLocaleString('en-US')}
                    <Typography component="span" color="text.secondary">
                      {' '}
                      {plan.period}
                    </Typography>
                  </Typography>
                  {plan.savingsText ? <Typography color="success.main">{plan.savingsText}</Typography> : null}
                  <List dense>
                    <ListItem disableGutters sx={{ fontWeight: 600 }}>
                      ✓ {RevealQuotaMessages.planQuota(plan.dailyRevealQuota)}
                    </ListItem>
                    {plan.features.map((feature) => (
                      <ListItem key={feature} disableGutters>
                        ✓ {feature}
                      </ListItem>
                    ))}
                  </List>
                </CardContent>
                <CardActions sx={{ p: 2 }}>
                  <Button
                    fullWidth
                    size="large"
                    variant={plan.highlighted ? 'contained' : 'outlined'}
                    disabled={current || pending !== null}
                    onClick={() => checkout(plan)}
                  >
                    {current
                      ? BillingMessages.currentPlan
                      : pending === plan.priceId
                        ? BillingMessages.processing
                        : plan.buttonText}
                  </Button>
                </CardActions>
              </Card>
            </Grid>
          );
        })}
      </Grid>
      <Box component="section" aria-labelledby="pricing-faq" sx={{ mt: 6, maxWidth: 800, mx: 'auto' }}>
        <Typography id="pricing-faq" variant="h4" component="h2" gutterBottom>
          Questions
        </Typography>
        {PRICING_FAQ.map(([question, answer]) => (
          <Box key={question} sx={{ mb: 2 }}>
            <Typography sx={{ fontWeight: 600 }}>{question}</Typography>
            <Typography color="text.secondary">{answer}</Typography>
          </Box>
        ))}
        <Typography sx={{ mt: 3 }}>
          Need a team plan?{' '}
          <Link component={RouterLink} to="/contact">
            Contact Sales
          </Link>
          {' · '}
          <Link component={RouterLink} to="/money-back-guarantee">
            Money-back guarantee
          </Link>
        </Typography>
      </Box>
    </Container>
  );
}
