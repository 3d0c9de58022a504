import {
  type CandidateCard as Card,
  EMAIL_STATUS_LABELS,
  emailRevealable,
  formatPhoneForDisplay,
} from '@healthtal/contracts';
import { Button, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { LazyTooltip } from '../../app/lazy-tooltip';
import { RevealMessages as M } from '../candidate-card';
import { type ContactField, useContactReveal } from '../contacts/useContactReveal';

const DemoRestrictionDialog = lazy(() =>
  import('../contacts/DemoRestrictionDialog').then((m) => ({ default: m.DemoRestrictionDialog })),
);

const TOOLTIPS: Record<ContactField, string> = { email: M.emailTooltip, phone: M.phoneTooltip };
const DENSE = { py: 0, px: 0.75, minWidth: 0, fontSize: '0.75rem', lineHeight: 1.5, textTransform: 'none' };

/**
 * A table row's contact status, one line: what is on file, a reveal button for each field (the
 * card's reveal and copy, smaller), the address once revealed. An email known to bounce is said
 * so and not offered.
 */
export function RowContacts({ card }: { card: Card }) {
  const [demoOpen, setDemoOpen] = useState(false);
  const reveal = useContactReveal(card.id, () => setDemoOpen(true));
  const emailOffered = emailRevealable(card.hasEmail, card.emailStatus);

  const button = (field: ContactField) => {
    const state = reveal.shown[field];
    const value = reveal.contact?.[field];
    const label =
      reveal.copied === field
        ? M.copied
        : state === 'revealed'
          ? ((field === 'phone' ? formatPhoneForDisplay(value) : value) ?? '—')
          : field === 'email'
            ? M.viewEmail
            : M.viewPhone;
    const control = (
      <Button
        size="small"
        variant={state === 'revealed' ? 'contained' : 'outlined'}
        color={reveal.copied === field ? 'success' : 'primary'}
        disabled={state === 'loading'}
        aria-disabled={!reveal.canView && !reveal.isDemo ? true : undefined}
        onClick={() => reveal.click(field)}
        sx={DENSE}
      >
        {state === 'loading' ? 'Loading…' : label}
      </Button>
    );
    return !reveal.canView && !reveal.isDemo ? (
      <LazyTooltip title={TOOLTIPS[field]} enterDelay={700} enterNextDelay={300}>
        <span>{control}</span>
      </LazyTooltip>
    ) : (
      control
    );
  };

  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      {emailOffered ? (
        button('email')
      ) : (
        <Typography variant="caption" color={card.hasEmail ? 'warning.dark' : 'text.secondary'}>
          {card.hasEmail ? EMAIL_STATUS_LABELS[card.emailStatus] : 'No email'}
        </Typography>
      )}
      {card.hasPhone ? (
        button('phone')
      ) : (
        <Typography variant="caption" color="text.secondary">
          No phone
        </Typography>
      )}
      {demoOpen ? (
        <Suspense fallback={null}>
          <DemoRestrictionDialog open onClose={() => setDemoOpen(false)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
