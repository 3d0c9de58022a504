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
  invalidOrExpiredLink: 'This link is invalid or has expired.',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  profileUpdated: 'Profile updated',
  preferenceUpdated: 'Preference updated',
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
} as const;

/** The demo banner (recruiter-directory §6). */
export const DEMO_BANNER =
  'Demo Account Restrictions: This is a demo account. Account settings, subscription management, and password changes are disabled. Contact information and exports are also restricted.';
export const DEMO_DISABLED_TOOLTIP = 'This feature is disabled in demo mode';
