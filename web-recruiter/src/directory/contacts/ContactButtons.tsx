import {
  EMAIL_STATUS_LABELS,
  type EmailStatus,
  emailRevealable,
  formatPhoneForDisplay,
  isLinkedinProfileUrl,
} from '@healthtal/contracts';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import LinkedIn from '@mui/icons-material/LinkedIn';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import { Button, Chip, CircularProgress, Stack } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { LazyTooltip } from '../../app/lazy-tooltip';
import { RevealMessages as M } from '../candidate-card';
import { type ContactField, useContactReveal } from './useContactReveal';

type Props = {
  candidateId: string;
  hasEmail: boolean;
  /** An invalid address gets a label instead of its reveal button (a reveal would only bounce). */
  emailStatus?: EmailStatus;
  hasPhone: boolean;
  linkedinUrl: string | null;
  /**
   * A profile is on file even when its URL is withheld from a demo account: the click explains why,
   * or with full access reveals it (one use of the grant).
   */
  hasLinkedin: boolean;
  size?: 'small' | 'medium';
};

const LABELS: Record<ContactField, { view: string; tooltip: string; none: string }> = {
  email: { view: M.viewEmail, tooltip: M.emailTooltip, none: 'No email on file' },
  phone: { view: M.viewPhone, tooltip: M.phoneTooltip, none: 'No phone on file' },
};

/** View Email / View Phone (reveal, then copy) and the LinkedIn link, as cards and the profile show them. */
export function ContactButtons({
  candidateId,
  hasEmail,
  emailStatus = 'unknown',
  hasPhone,
  linkedinUrl,
  hasLinkedin,
  size = 'small',
}: Props) {
  const [demoOpen, setDemoOpen] = useState(false);
  const reveal = useContactReveal(candidateId, () => setDemoOpen(true));
  const linkedin = isLinkedinProfileUrl(linkedinUrl) ? linkedinUrl : (reveal.contact?.linkedinUrl ?? null);
  const button = (field: ContactField, available: boolean) => {
    const state = reveal.shown[field];
    const value = reveal.contact?.[field];
    const label =
      reveal.copied === field
        ? M.copied
        : state === 'revealed'
          ? ((field === 'phone' ? formatPhoneForDisplay(value) : value) ?? LABELS[field].none)
          : LABELS[field].view;
    const control = (
      <Button
        size={size}
        variant={state === 'revealed' ? 'contained' : 'outlined'}
        color={reveal.copied === field ? 'success' : 'primary'}
        startIcon={
          state === 'loading' ? (
            <CircularProgress size={14} aria-hidden />
          ) : field === 'email' ? (
            <EmailOutlined />
          ) : (
            <PhoneOutlined />
          )
        }
        disabled={!available || state === 'loading'}
        aria-disabled={!reveal.canView && !reveal.isDemo ? true : undefined}
        onClick={() => reveal.click(field)}
        sx={{ textTransform: 'none', maxWidth: '100%', overflowWrap: 'anywhere' }}
      >
        {available ? label : LABELS[field].none}
      </Button>
    );
    // Without access, nothing happens and a tooltip says a subscription is needed (spec §4).
    return !reveal.canView && !reveal.isDemo && available ? (
      <LazyTooltip title={LABELS[field].tooltip} enterDelay={700} enterNextDelay={300}>
        <span>{control}</span>
      </LazyTooltip>
    ) : (
      control
    );
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {hasEmail && !emailRevealable(hasEmail, emailStatus) ? (
        <Chip
          size={size}
          color="warning"
          variant="outlined"
          icon={<ErrorOutline />}
          label={EMAIL_STATUS_LABELS.invalid}
        />
      ) : (
        button('email', hasEmail)
      )}
      {button('phone', hasPhone)}
      {/* Only a linkedin.com profile: imported data is not trusted to point where the label says. */}
      {isLinkedinProfileUrl(linkedin) ? (
        <Button
          size={size}
          variant="text"
          startIcon={<LinkedIn />}
          href={linkedin}
          target="_blank"
          rel="noopener noreferrer"
          onClick={(event) => {
            if (reveal.isDemo && !reveal.canView) {
              event.preventDefault();
              setDemoOpen(true);
            }
          }}
        >
          LinkedIn
        </Button>
      ) : hasLinkedin && reveal.isDemo ? (
        // The server withholds the URL from a demo account: the click shows the restriction (spec §6),
        // or with full access reveals it, and the link above takes this button's place.
        <Button
          size={size}
          variant="text"
          startIcon={
            reveal.shown.linkedin === 'loading' ? <CircularProgress size={14} aria-hidden /> : <LinkedIn />
          }
          href="#linkedin"
          disabled={reveal.shown.linkedin === 'loading'}
          onClick={(event) => {
            event.preventDefault();
            reveal.showLinkedin();
          }}
        >
          LinkedIn
        </Button>
      ) : null}
      {demoOpen ? (
        <Suspense fallback={null}>
          <DemoRestrictionDialog open onClose={() => setDemoOpen(false)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

const DemoRestrictionDialog = lazy(() =>
  import('./DemoRestrictionDialog').then((m) => ({ default: m.DemoRestrictionDialog })),
);
