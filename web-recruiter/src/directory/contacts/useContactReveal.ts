import { ContactDetails } from '@healthtal/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../app/api';
import { useAuth } from '../../app/auth';
import { useToast } from '../../app/toast';
import { COPY_FEEDBACK_MS, RevealMessages as M } from '../candidate-card';
import { titled } from '../search/search-screen';
import { cacheContact, cachedContact, type RevealedContact } from './contact-cache';
import { revealRefusal } from './reveal-refusal';

export type ContactField = 'email' | 'phone';
/** What a reveal shows: the two buttons' fields, and the LinkedIn URL a demo account's cards leave out. */
type RevealedField = ContactField | 'linkedin';
export type FieldState = 'hidden' | 'loading' | 'revealed';
const ALL_HIDDEN: Record<RevealedField, FieldState> = {
  email: 'hidden',
  phone: 'hidden',
  linkedin: 'hidden',
};

/**
 * One professional's contact reveal (spec §4): each field starts hidden; the first click reveals it
 * (one reveal fetches both, cached for 24 hours), the second copies it and shows "Copied" for 2 s.
 * Without the contacts capability a click does nothing (the button's tooltip says why); a demo user
 * gets the restriction dialog instead. A demo user with full access gets a LinkedIn URL by a reveal
 * too (one use of the grant), so `showLinkedin` reveals before the link appears.
 */
export function useContactReveal(candidateId: string, onDemoRestricted: () => void) {
  const auth = useAuth();
  const toast = useToast();
  const userId = auth.me?.user.id ?? null;
  const [contact, setContact] = useState<RevealedContact | null>(null);
  const [shown, setShown] = useState<Record<RevealedField, FieldState>>(ALL_HIDDEN);
  const [copied, setCopied] = useState<ContactField | null>(null);
  const copyTimer = useRef<number | undefined>(undefined);
  const canView = auth.can('contacts');
  const isDemo = auth.me?.demo.isDemo ?? false;
  const onMonthlyPlan = auth.can('basic') && !auth.can('premium') && auth.can('not-demo');

  // A contact revealed in the last 24 hours shows at once.
  useEffect(() => {
    if (!userId || !canView) return;
    let live = true;
    void cachedContact(userId, candidateId).then((cached) => {
      if (!live || !cached) return;
      setContact(cached);
      setShown({ email: 'revealed', phone: 'revealed', linkedin: 'revealed' });
    });
    return () => {
      live = false;
    };
  }, [userId, candidateId, canView]);

  useEffect(() => () => window.clearTimeout(copyTimer.current), []);

  const copy = useCallback(
    async (field: ContactField, value: string) => {
      try {
        await navigator.clipboard.writeText(value);
        setCopied(field);
        window.clearTimeout(copyTimer.current);
        copyTimer.current = window.setTimeout(() => setCopied(null), COPY_FEEDBACK_MS);
      } catch {
        toast(titled(field === 'email' ? M.copyEmailFailed : M.copyPhoneFailed, M.tryAgain), 'error');
      }
    },
    [toast],
  );

  const reveal = useCallback(
    async (field: RevealedField) => {
      setShown((s) => ({ ...s, [field]: 'loading' }));
      try {
        const details = await api(`/api/v1/candidates/${candidateId}/reveal`, {
          method: 'POST',
          schema: ContactDetails,
        });
        const next = {
          email: details.email,
          phone: details.phone,
          linkedinUrl: details.linkedinUrl,
          fetchedAt: Date.now(),
        };
        setContact(next);
        setShown((s) => ({ ...s, [field]: 'revealed' }));
        if (userId) void cacheContact(userId, candidateId, next);
      } catch (error) {
        setShown((s) => ({ ...s, [field]: 'hidden' }));
        const refusal = revealRefusal(error, onMonthlyPlan);
        toast(refusal.message, refusal.severity, { action: refusal.action });
      }
    },
    [candidateId, userId, toast, onMonthlyPlan],
  );

  const click = useCallback(
    (field: ContactField) => {
      if (isDemo && !canView) return onDemoRestricted();
      if (!canView) return;
      const value = contact?.[field];
      if (shown[field] === 'revealed' && value) return void copy(field, value);
      if (contact) return setShown((s) => ({ ...s, [field]: 'revealed' }));
      if (shown[field] === 'hidden') void reveal(field);
    },
    [isDemo, canView, contact, shown, copy, reveal, onDemoRestricted],
  );

  const showLinkedin = useCallback(() => {
    if (isDemo && !canView) return onDemoRestricted();
    // Known already (revealed, or cached with it), or on its way: the link shows it.
    if (!canView || shown.linkedin === 'loading' || contact?.linkedinUrl !== undefined) return;
    void reveal('linkedin');
  }, [isDemo, canView, contact, shown.linkedin, reveal, onDemoRestricted]);

  return { contact, shown, copied, canView, isDemo, click, showLinkedin };
}
