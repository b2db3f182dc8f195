import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error';
import { DeciderSpecification } from '../testing/decider-specification';
import {
  type EmailReservationCommand,
  type EmailReservationEvent,
  emailReservationDecider,
  emailReservationStreamId,
  normalizeEmail,
  parseEmailReservationEvent,
} from './email-reservation';

const given = DeciderSpecification.for(emailReservationDecider);
const now = new Date('2026-01-01T00:00:00.000Z');
const metadata = { now, eventId: 'e1', moreEventIds: ['e2'] };
const reserve = (userId: string, reclaimFrom?: string): EmailReservationCommand => ({
  type: 'ReserveEmail',
  data: { email: 'ann@example.com', userId, ...(reclaimFrom ? { reclaimFrom } : {}) },
  metadata,
});
const reserved = (userId: string): EmailReservationEvent => ({
  id: `r-${userId}`,
  type: 'EmailReserved',
  data: { email: 'ann@example.com', userId, reservedAt: now.toISOString() },
});
const released = (userId: string): EmailReservationEvent => ({
  id: `x-${userId}`,
  type: 'EmailReleased',
  data: { email: 'ann@example.com', userId, releasedAt: now.toISOString() },
});
const taken = (error: unknown) =>
  error instanceof DomainError && error.code === 'EMAIL_TAKEN' && error.message === 'Email is already taken';

describe('E-mail reservation', () => {
  it('normalises addresses and names the stream by their hash', () => {
    expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com');
    expect(emailReservationStreamId('abc')).toBe('email-abc');
  });

  it('reserves a free address, and again after it was released', () => {
    given([])
      .when(reserve('u-1'))
      .then({ ...reserved('u-1'), id: 'e1' });
    given([reserved('u-1'), released('u-1')])
      .when(reserve('u-2'))
      .then({ ...reserved('u-2'), id: 'e1' });
  });

  it('is idempotent for the owner and refuses anyone else', () => {
    given(reserved('u-1')).when(reserve('u-1')).thenNothingHappened();
    given(reserved('u-1')).when(reserve('u-2')).thenThrows(taken);
  });

  it('reclaims an abandoned reservation only from the owner the caller named', () => {
    const events = given(reserved('u-1')).when(reserve('u-2', 'u-1')).events();
    expect(events.map((event) => [event.type, event.data.userId])).toEqual([
      ['EmailReleased', 'u-1'],
      ['EmailReserved', 'u-2'],
    ]);
    given(reserved('u-1')).when(reserve('u-2', 'u-3')).thenThrows(taken);
  });

  it('releases only for the owner', () => {
    const release = (userId: string): EmailReservationCommand => ({
      type: 'ReleaseEmail',
      data: { userId },
      metadata,
    });
    given(reserved('u-1'))
      .when(release('u-1'))
      .then({ ...released('u-1'), id: 'e1' });
    given(reserved('u-1')).when(release('u-2')).thenNothingHappened();
  });

  it('validates events read back', () => {
    expect(parseEmailReservationEvent(reserved('u-1'))).toEqual(reserved('u-1'));
    expect(() =>
      parseEmailReservationEvent({ id: 'x', type: 'EmailReserved', data: { email: 1 } }),
    ).toThrow();
  });
});
