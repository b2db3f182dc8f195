import { describe, expect, it } from 'vitest';
import {
  isValidEmail,
  isValidName,
  isValidPassword,
  registerRequestSchema,
  validationMessages,
} from '../contracts/accounts';
import { parseUserEvent, safeParseUserEvent, USER_EVENT_TYPES, userEventSchemas } from './events';

describe('User events', () => {
  it('validate what is read back from the log', () => {
    const event = {
      id: 'e1',
      type: 'UserPasswordChanged',
      data: { userId: 'u-1', changedAt: '2026-01-01T00:00:00.000Z' },
      metadata: { schemaVersion: 1 },
    };
    expect(parseUserEvent(event)).toEqual({ id: 'e1', type: 'UserPasswordChanged', data: event.data });
    expect(() => parseUserEvent({ ...event, data: { userId: 'u-1' } })).toThrow();
    expect(safeParseUserEvent({ ...event, type: 'Nope' })).toBeUndefined();
  });

  it('refuse a stored version that is not a positive integer', () => {
    expect(() =>
      parseUserEvent({ id: 'e', type: 'UserDisabled', data: {}, metadata: { schemaVersion: 0 } }),
    ).toThrow(/Invalid schemaVersion/);
  });

  it('have no field that could hold a secret', () => {
    const fields = USER_EVENT_TYPES.flatMap((type) => Object.keys(userEventSchemas[type].shape));
    expect(fields.filter((field) => /password|hash|token|secret/i.test(field))).toEqual([]);
  });
});

describe('Account validation rules (spec 1 §5)', () => {
  it('accepts passwords of 8–24 characters with every character class', () => {
    expect(isValidPassword('Abcdef1!')).toBe(true);
    expect(isValidPassword('Abcdefghijklmnopqrstu1!x')).toBe(true);
    for (const bad of [
      'Abcde1!',
      'abcdefg1!',
      'ABCDEFG1!',
      'Abcdefgh!',
      'Abcdefgh1',
      'Abcdefghijklmnopqrstu1!xy',
    ]) {
      expect(isValidPassword(bad), bad).toBe(false);
    }
  });

  it('accepts e-mails ending in 2 to 4 characters', () => {
    expect(isValidEmail('ann.lee-x@mail.example.com')).toBe(true);
    for (const bad of [
      'ann@example',
      'ann@example.c',
      'ann@example.comxx',
      'a b@example.com',
      'ann+x@example.com',
    ]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });

  it('accepts names of at least 2 letters only', () => {
    expect(isValidName('Jo')).toBe(true);
    expect(isValidName('José')).toBe(true);
    expect(isValidName('J')).toBe(false);
    expect(isValidName('Jo3')).toBe(false);
  });

  it('reports the spec message for the failing field', () => {
    const result = registerRequestSchema.safeParse({
      firstName: 'Ann',
      lastName: 'L',
      email: 'Ann@Example.com',
      password: 'Abcdef1!',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['lastName', validationMessages.nameInvalid],
    ]);
    const ok = registerRequestSchema.parse({
      firstName: 'Ann',
      lastName: 'Lee',
      email: ' Ann@Example.com ',
      password: 'Abcdef1!',
    });
    expect(ok.email).toBe('ann@example.com');
  });
});
