import { describe, expect, it } from 'vitest';
import {
  ageLabel,
  bulkOutcome,
  demoGrantStatus,
  errorTypeBadge,
  formatPacificDate,
  formatPacificTime,
  formatResponseTime,
  imageFileProblem,
  removalUrgency,
  selectionCounter,
  showingUsers,
  usersCsv,
  usesLeft,
} from './admin-console';

describe('the search error log display', () => {
  it('shows response times in ms under a second, seconds with one decimal above, N/A when missing', () => {
    expect(formatResponseTime(0)).toBe('0ms');
    expect(formatResponseTime(999)).toBe('999ms');
    expect(formatResponseTime(1000)).toBe('1.0s');
    expect(formatResponseTime(1549)).toBe('1.5s');
    expect(formatResponseTime(30_000)).toBe('30.0s');
    expect(formatResponseTime(null)).toBe('N/A');
    expect(formatResponseTime(undefined)).toBe('N/A');
  });

  it('shows times in US Pacific time, standard and daylight, labelled PT', () => {
    expect(formatPacificTime('2025-01-15T20:30:05Z')).toBe('Jan 15, 2025, 12:30 PM PT');
    expect(formatPacificTime('2025-07-04T07:00:00Z')).toBe('Jul 4, 2025, 12:00 AM PT');
    expect(formatPacificTime('2025-01-15T20:30:05Z', { seconds: true })).toBe('Jan 15, 2025, 12:30:05 PM PT');
    // 02:00 UTC is still the evening before in California.
    expect(formatPacificDate('2025-01-16T02:00:00Z')).toBe('Jan 15, 2025');
  });

  it('colours error type badges the way the catalogue says', () => {
    expect(errorTypeBadge('timeout')).toBe('secondary');
    expect(errorTypeBadge('function_error')).toBe('secondary');
    expect(errorTypeBadge('database_error')).toBe('destructive');
    expect(errorTypeBadge('edge_error')).toBe('destructive');
    expect(errorTypeBadge('other')).toBe('outline');
  });
});

describe('the resume approval list', () => {
  it('reports bulk actions as successful or partially failed, with counts', () => {
    expect(bulkOutcome('approve', 3, 0)).toEqual({
      title: 'Bulk approve successful',
      text: '3 approved.',
      severity: 'success',
    });
    expect(bulkOutcome('reject', 2, 1)).toEqual({
      title: 'Bulk reject partially failed',
      text: '2 rejected, 1 failed.',
      severity: 'warning',
    });
    expect(bulkOutcome('approve', 0, 2).severity).toBe('error');
  });

  it('counts the selection and the users shown', () => {
    expect(selectionCounter(2, 25)).toBe('2 selected of 25');
    expect(showingUsers(10, 42)).toBe('Showing 10 of 42 users');
  });
});

describe('ages and deadlines', () => {
  const now = new Date('2025-06-30T12:00:00Z');
  it('counts whole days of waiting', () => {
    expect(ageLabel('2025-06-30T01:00:00Z', now)).toBe('today');
    expect(ageLabel('2025-06-29T11:00:00Z', now)).toBe('1 day');
    expect(ageLabel('2025-06-20T12:00:00Z', now)).toBe('10 days');
  });

  it('flags removal requests in their last week and past their 30 days', () => {
    expect(removalUrgency('2025-06-20T12:00:00Z', now)).toBe('ok');
    expect(removalUrgency('2025-06-06T12:00:00Z', now)).toBe('due-soon');
    expect(removalUrgency('2025-05-31T12:00:00Z', now)).toBe('overdue');
  });
});

describe('the settings image check', () => {
  it('wants an image of at most 5 MB', () => {
    expect(imageFileProblem({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(imageFileProblem({ type: 'application/pdf', size: 10 })).toBe(
      'Invalid file type: Please select an image file.',
    );
    expect(imageFileProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe(
      'File too large: Please select an image smaller than 5MB.',
    );
  });
});

describe('the Users export', () => {
  it('writes the columns the screen shows, quoting commas and keeping formula-like text as text', () => {
    const csv = usersCsv([
      {
        id: '00000000-0000-4000-8000-000000000001',
        email: 'ana@clinic.example',
        signupDate: '2025-01-15T20:30:05Z',
        lastSignInAt: null,
        emailVerified: true,
        subscriptionStatus: 'active',
        subscriptionPlan: 'Annual',
        subscriptionLabel: 'Annual',
        source: '=HYPERLINK("http://evil.example")',
        phone: '+1 555 010 2030',
        totalExports: 3,
        isAdmin: false,
        isDemo: true,
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Email,Signup Date,Last Sign In,Subscription,Status,Email Verified,Source,Phone,Exported Contacts,Admin,Demo',
      `ana@clinic.example,"Jan 15, 2025, 12:30 PM PT",Never,Annual,active,yes,"'=HYPERLINK(""http://evil.example"")",'+1 555 010 2030,3,no,yes`,
    ]);
  });
});

describe('the Demo grants screen', () => {
  const now = new Date('2026-12-07T12:00:00Z');
  const grant = { active: false, expires_at: null, maxUses: null, usesCount: 0 };

  it('says why a grant no longer counts: expired, used up, or else revoked', () => {
    expect(demoGrantStatus({ ...grant, active: true }, now)).toBe('Active');
    expect(demoGrantStatus({ ...grant, expires_at: '2026-12-07T11:59:00Z' }, now)).toBe('Expired');
    expect(demoGrantStatus({ ...grant, maxUses: 5, usesCount: 5 }, now)).toBe('Used up');
    expect(demoGrantStatus({ ...grant, expires_at: '2026-12-08T00:00:00Z' }, now)).toBe('Revoked');
  });

  it('counts the uses left of a capped grant, and none of an uncapped one', () => {
    expect(usesLeft({ maxUses: 5, usesCount: 2 })).toBe('3 of 5');
    expect(usesLeft({ maxUses: null, usesCount: 7 })).toBe('Unlimited (7 used)');
  });
});
