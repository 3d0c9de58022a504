import { Container, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ACCOUNT_ACTIVITY_PATH } from '../account/paths';
import { POLICIES_LAST_UPDATED } from './public-site';

/** A policy page: title, the spec's "last updated" date, sections of text. */
export function PolicyPage({
  title,
  sections,
  footer,
}: {
  title: string;
  sections: [string, ReactNode][];
  footer?: ReactNode;
}) {
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Typography variant="h3" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        Last updated {POLICIES_LAST_UPDATED}
      </Typography>
      {sections.map(([heading, body]) => (
        <section key={heading}>
          <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 1 }}>
            {heading}
          </Typography>
          <Typography component="div" color="text.secondary">
            {body}
          </Typography>
        </section>
      ))}
      {footer}
    </Container>
  );
}

export function TermsPage() {
  return (
    <PolicyPage
      title="Terms of Service"
      sections={[
        [
          'The service',
          'HealthTal gives subscribed recruiters search access to a directory of US healthcare professionals and their contact details, for recruiting purposes only.',
        ],
        [
          'Your account',
          'Keep your password private. One account is for one person; sharing an account or reselling data is not allowed.',
        ],
        [
          'Acceptable use',
          'Use contact details only to offer relevant employment opportunities, honour opt-out requests, and follow applicable law, including CAN-SPAM and the TCPA.',
        ],
        [
          'Subscriptions',
          'Plans renew automatically until cancelled. Cancelling stops the next renewal; the plan stays active until the end of the paid period. See the Money-back guarantee for refunds on the Annual plan.',
        ],
        [
          'Termination',
          'We may suspend accounts that violate these terms, for example by bulk scraping or bad-faith use.',
        ],
      ]}
    />
  );
}

export function PrivacyPage() {
  return (
    <PolicyPage
      title="Privacy Policy"
      sections={[
        [
          'What we hold',
          'Professional profile information (name, title, employer, location, education, skills) and contact details of healthcare professionals, and account details of our customers.',
        ],
        [
          'Your choices',
          <>
            Anyone can ask for their information to be removed at{' '}
            <Link component={RouterLink} to="/remove-info">
              Remove My Information
            </Link>
            . We answer data subject requests within 30 days; once confirmed, the personal data is erased and
            kept off future imports.
          </>,
        ],
        ['Security', 'Personal data is encrypted at rest per person; erasing a person destroys their key.'],
        ['Children', 'The service is not for users under 13.'],
        [
          'Contact',
          <>
            Questions about privacy: use the{' '}
            <Link component={RouterLink} to="/contact">
              contact form
            </Link>
            .
          </>,
        ],
      ]}
    />
  );
}

export function CompliancePage() {
  return (
    <PolicyPage
      title="Compliance"
      sections={[
        [
          'Permissible use',
          'HealthTal is a recruiting tool. Contact details may be used to offer employment, never for marketing unrelated products.',
        ],
        [
          'Email and phone outreach',
          'Customers must follow CAN-SPAM, the TCPA and state law: identify themselves, offer a way to opt out and honour it promptly.',
        ],
        [
          'Removal and suppression',
          'Confirmed removal requests are honoured everywhere: search, lists, exports and future imports.',
        ],
        [
          'Audit trail',
          <>
            Every reveal and export is recorded; customers can see their own activity in{' '}
            <Link component={RouterLink} to={ACCOUNT_ACTIVITY_PATH}>
              Account Settings, Activity
            </Link>{' '}
            and administrators can replay the full history.
          </>,
        ],
      ]}
    />
  );
}

export function MoneyBackGuaranteePage() {
  return (
    <PolicyPage
      title="Money-back Guarantee"
      sections={[
        [
          '30 days, Annual plan',
          'The 30-day money-back guarantee applies to the Annual plan only, not the Monthly plan. The request must be made within 30 days of the initial purchase.',
        ],
        [
          'Conditions',
          'No CSV exports or mass exports may have been made, and the account must be in good standing.',
        ],
        [
          'What does not void it',
          'Searching, viewing profiles and contact information, saving searches and creating lists.',
        ],
        ['What voids it', 'A CSV export, a mass export, a violation of the terms, or bad-faith use.'],
        [
          'How to ask',
          'Sign in and request the refund from your Account page (Account → Subscription → Request a refund). Review takes up to 3 business days and we email you the decision; after approval the refund appears within up to 10 business days and the subscription ends.',
        ],
        [
          'Once per customer',
          'The guarantee is available once per customer. We may change this policy; a change does not affect earlier purchases.',
        ],
      ]}
      footer={
        <Typography sx={{ mt: 4 }}>
          <Link component={RouterLink} to="/pricing">
            See plans and pricing
          </Link>
        </Typography>
      }
    />
  );
}
