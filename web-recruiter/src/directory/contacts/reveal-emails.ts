import { ContactDetails } from '@healthtal/contracts';
import { api } from '../../app/api';
import { cacheContact, cachedContact } from './contact-cache';

/** Recipients revealed in one go from the Send Email dialog; more is a job for an export. */
export const SEND_EMAIL_REVEAL_MAX = 25;

/**
 * The emails of these candidates: from the 24-hour cache where revealed already, otherwise
 * revealed now (each reveal is recorded, as on the profile). Candidates without an email are left out.
 */
export async function emailsOf(userId: string, candidateIds: readonly string[], reveal: boolean) {
  const found = new Map<string, string>();
  for (const id of candidateIds.slice(0, SEND_EMAIL_REVEAL_MAX)) {
    let contact = await cachedContact(userId, id);
    if (!contact && reveal) {
      const details = await api(`/api/v1/candidates/${id}/reveal`, {
        method: 'POST',
        schema: ContactDetails,
      });
      contact = {
        email: details.email,
        phone: details.phone,
        linkedinUrl: details.linkedinUrl,
        fetchedAt: Date.now(),
      };
      await cacheContact(userId, id, contact);
    }
    if (contact?.email) found.set(id, contact.email);
  }
  return found;
}
