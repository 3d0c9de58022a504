import { describe, expect, it } from 'vitest';
import { addBusinessDays, inSendWindow, nextSendTime, stepDueAt, timeZoneOfState } from './sequences';

const at = (iso: string) => new Date(iso);

describe('send windows in the recipient’s time zone', () => {
  it('knows a state’s zone, and New York’s where the state is unknown', () => {
    expect(timeZoneOfState('ca')).toBe('America/Los_Angeles');
    expect(timeZoneOfState(' TX ')).toBe('America/Chicago');
    expect(timeZoneOfState(null)).toBe('America/New_York');
  });

  it('sends from 9:00 to 17:00 local time on weekdays', () => {
    // Monday 6 January 2031: 14:30 UTC is 9:30 in New York and 6:30 in Los Angeles.
    expect(inSendWindow(at('2031-01-06T14:30:00Z'), 'America/New_York')).toBe(true);
    expect(inSendWindow(at('2031-01-06T14:30:00Z'), 'America/Los_Angeles')).toBe(false);
    expect(inSendWindow(at('2031-01-04T15:00:00Z'), 'America/New_York')).toBe(false); // Saturday
  });

  it('waits for the window to open: the same morning, or Monday after a Friday evening', () => {
    expect(nextSendTime(at('2031-01-06T14:30:00Z'), 'America/Los_Angeles')).toEqual(
      at('2031-01-06T17:00:00Z'),
    );
    expect(nextSendTime(at('2031-01-10T23:00:00Z'), 'America/New_York')).toEqual(at('2031-01-13T14:00:00Z'));
    // Newfoundland is half an hour off: its 9:00 is 12:30 UTC in winter.
    expect(nextSendTime(at('2031-01-06T11:00:00Z'), 'America/St_Johns')).toEqual(at('2031-01-06T12:30:00Z'));
  });

  it('counts business days, skipping the weekend', () => {
    const wednesday = at('2031-01-08T14:30:00Z');
    expect(addBusinessDays(wednesday, 3, 'America/New_York')).toEqual(at('2031-01-13T14:30:00Z'));
    expect(stepDueAt(wednesday, 0, 'America/New_York')).toEqual(wednesday);
  });
});
