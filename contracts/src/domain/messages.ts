/** User-facing messages of the spec, word for word. The web apps and the API share them. */
export const ContactMessages = {
  nameTooShort: 'Name must be at least 2 characters.',
  invalidEmail: 'Please enter a valid email address.',
  phoneTooShort: 'Phone number must be at least 10 digits.',
  subjectTooShort: 'Subject must be at least 5 characters.',
  messageTooShort: 'Message must be at least 10 characters.',
  sendFailedTitle: 'Something went wrong',
  sendFailedText: 'Your message could not be sent',
} as const;

/** Sign-up, sign-in and account messages (recruiter-directory §5 and §8). */
export const AuthMessages = {
  passwordsDoNotMatch: 'Passwords do not match.',
  termsRequired: 'You must accept the terms and conditions.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  invalidEmail: 'Please enter a valid email address.',
  emailRequired: 'Email is required.',
  phoneRequired: 'Phone is required.',
  passwordRequired: 'Password is required.',
  alreadyRegisteredTitle: 'Email already exists',
  alreadyRegistered: 'An account with this email already exists. Please sign in instead.',
  signupFailed: 'Failed to create account.',
  loginFailed: 'Failed to log in. Please check your credentials.',
  invalidCredentials: 'Invalid login credentials',
  emailNotConfirmed: 'Email not confirmed',
  checkEmailTitle: 'Check your email',
  accountCreated: 'Account created!',
  emailSent: 'Email sent',
  noEmailToResend: 'No email address found to resend verification.',
  // Ours (issue 37): a sign-in refused for an unconfirmed address offers a new link.
  resendVerification: 'Resend verification email',
  verificationResent: (email: string) =>
    `If ${email} still needs confirming, a new verification link is on its way. Check your spam folder too.`,
  invalidOrExpiredLink: 'This link is invalid or has expired.',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  profileUpdated: 'Profile updated',
  preferenceUpdated: 'Preference updated',
  // Ours, in the demo banner's words (recruiter-directory §6: password changes are disabled).
  demoPasswordChangeDisabled: 'Password changes are disabled for the demo account.',
} as const;

/** Demo and user administration (admin-intake-outreach §8). */
export const AdminUserMessages = {
  demoGranted: 'Demo Access Granted',
  demoRevoked: 'Demo Access Revoked',
  grantFailed: 'Failed to grant demo access',
  revokeFailed: 'Failed to revoke demo access',
  userDeleted: 'User deleted successfully',
  deleteFailed: 'Failed to delete user',
  deleteConfirmation:
    "This permanently removes the user's subscriptions, saved searches and export history. This cannot be undone.",
  noUsersFound: 'No users found',
  notSpecified: 'Not specified',
  notProvided: 'Not provided',
  changePlan: 'Change Plan',
  planChanged: 'Plan changed',
  planChangeFailed: 'Plan change failed',
  planChangeReason: 'Reason (kept with the change)',
  verificationSent: 'Verification email sent',
  resetSent: 'Password reset email sent',
  mailFailed: 'Email not sent',
  exportUsers: 'Export',
} as const;

/** The resume form and the Resume Submissions screen (admin-intake-outreach §5 and §8). */
export const ResumeMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  titleRequired: 'Physician title is required',
  companyRequired: 'Company name is required',
  specialtyRequired: 'Specialty is required',
  otherSpecialtyRequired: 'Other specialty is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  countryRequired: 'Country is required',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid phone number',
  invalidLinkedin: 'Please enter a valid LinkedIn URL',
  // Ours: the spec only says both parts of an education entry must be filled in.
  schoolRequired: 'School is required',
  degreeRequired: 'Degree is required',
  skillHasQuotes: 'Skills cannot contain double quotes',
  submitFailed: 'Submission failed. Please try again later.',
  // Ours: the spec has no text for a person on the suppression list. Neutral on purpose: saying
  // why would tell anyone who types an address that its owner asked to be removed.
  cannotAccept: 'This submission cannot be accepted.',
  noneSelected: 'No Submissions Selected: Please select at least one submission.',
  approvalFailed: 'Approval failed',
  rejectionFailed: 'Rejection failed',
  bulkSucceeded: (action: 'approve' | 'reject') => `Bulk ${action} successful`,
  bulkPartiallyFailed: (action: 'approve' | 'reject') => `Bulk ${action} partially failed`,
  noSubmissions: (status: string) => `No ${status} submissions found.`,
  // Ours (issue 37): Reject Selected asks first, with a reason kept on each rejection.
  bulkRejectTitle: (count: number) => `Reject ${count} ${count === 1 ? 'submission' : 'submissions'}?`,
  bulkRejectExplanation:
    'The selected submissions are rejected and not added to the directory. A decision is final.',
  rejectionReason: 'Reason',
  confirmReject: 'Reject submissions',
} as const;

/** Remove My Information and its confirmation page (admin-intake-outreach §2, §5, §8). */
export const RemovalMessages = {
  invalidEmail: 'Please enter a valid email address.',
  noToken: 'No confirmation token provided',
  failed: 'Failed to process your removal request. The token may be invalid or expired.',
  // Ours (issue 37): the request form has no token to blame, so its failure says only what failed.
  requestFailed: 'Failed to send your removal request. Please try again.',
  // Ours: the spec shows no texts for these two. The first is the same whoever the address is.
  requestReceived:
    'If we hold information about this email address, we have sent it a link to confirm the removal. The link works once and expires in 7 days.',
  removed: 'Your information has been removed from HealthTal.',
  // Ours (issue 37): the link opens this page and erases nothing until the button is pressed (mail
  // scanners open links).
  confirmExplanation:
    'Pressing Confirm removal deletes your profile and contact details from the HealthTal directory, and they will not be added again. This cannot be undone. If you did not ask for this, close this page: nothing changes.',
  confirmButton: 'Confirm removal',
  processing: 'Processing your removal request…',
  // Ours (issue 36): the same link also stops recruiting email without erasing anything.
  optOutExplanation:
    'Or keep your profile and stop recruiting email only: no recruiter using HealthTal will email you again, from any company.',
  optOutButton: 'Stop recruiting email only',
  optedOut:
    'Done: no recruiter using HealthTal will email you again. Your profile stays; you can still remove it with this link.',
} as const;

/** The demo banner (recruiter-directory §6). */
export const DEMO_BANNER =
  'Demo Account Restrictions: This is a demo account. Account settings, subscription management, and password changes are disabled. Contact information and exports are also restricted.';
/**
 * Ours: the banner for a demo user holding a full_access grant, who may see contacts, so the spec's
 * banner ("Contact information … restricted") would be untrue. `until` is the grant's end, if any.
 */
export const demoFullAccessBanner = (until: string | null): string =>
  `Full Demo Access${until ? ` until ${until}` : ''}: you can view contact information. Account settings, subscription management, and password changes are disabled, and exports are restricted.`;
export const DEMO_DISABLED_TOOLTIP = 'This feature is disabled in demo mode';

/** Checkout, portal and payment confirmation (recruiter-directory §8). */
export const BillingMessages = {
  authRequiredTitle: 'Authentication required',
  signInToSubscribe: 'Please sign in to subscribe.',
  signInToManage: 'Please sign in to manage your subscription.',
  checkoutFailedTitle: 'Checkout failed',
  checkoutFailed: 'Could not create checkout session. Please try again.',
  checkoutInitFailed: 'Failed to initiate checkout. Please try again.',
  portalFailedTitle: 'Portal access failed',
  portalFailed: 'Could not access customer portal. Please try again.',
  paymentUnverified: 'Could not verify your payment. Please contact support.',
  paymentSuccessful: 'Payment Successful',
  // Spec §4 "Payment Successful": its buttons are Directory and View Account Settings.
  toDirectory: 'Directory',
  // Ours: the line under the title once the subscription is confirmed.
  welcome: (planName?: string | null) =>
    `Welcome${planName ? ` to ${planName}` : ''}. Your subscription is active.`,
  currentPlan: 'YOUR CURRENT PLAN',
  processing: 'Processing',
  // Ours (issue 37): the demo account is shared, so it cannot buy a plan; the pricing page says so
  // and shows the way to a plan of one's own instead of a refusal.
  demoCannotSubscribeTitle: 'The demo account cannot subscribe',
  demoCannotSubscribe:
    'This is a shared demo account, so plans cannot be bought on it. Sign up with your own email address to choose a plan, or contact sales.',
  demoSignUp: 'Sign up with your own email',
  contactSales: 'Contact Sales',
} as const;

/**
 * Ours (issue 37): the API's refusal of something the demo account may not do (subscribe, export,
 * edit lists or the profile), in place of a bare "Forbidden".
 */
export const DemoRefusal = {
  title: 'Not available on the demo account',
  detail: 'The demo account cannot do this. Sign up with your own email address to use it, or contact sales.',
} as const;
/** Payment Successful waits this long, re-checks, waits again and re-checks (spec §9). */
export const PAYMENT_RECHECK_DELAYS_MS = [3000, 2000] as const;
