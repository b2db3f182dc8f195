import { describe, expect, it } from 'vitest';
import { isValidEmail, isValidName, isValidPassword } from './validation';

describe('Spec 1 §5 validation', () => {
  it.each([
    ['Abcdef1!', true],
    ['Abcdefghijklmnopqrstu12!', true],
    ['Abcdefghijklmnopqrstu123!', false],
    ['Abcde1!', false],
    ['abcdefg1!', false],
    ['ABCDEFG1!', false],
    ['Abcdefgh!', false],
    ['Abcdefg12', false],
    ['Abcdefg1^', false],
  ])('password %s → %s', (value, valid) => expect(isValidPassword(value)).toBe(valid));

  it.each([
    ['ada@example.com', true],
    ['ada.lovelace-1@mail.example.co', true],
    ['ada@example.c', false],
    ['ada@example.museum', false],
    ['ada@', false],
    ['ada example@x.com', false],
  ])('e-mail %s → %s', (value, valid) => expect(isValidEmail(value)).toBe(valid));

  it.each([
    ['Al', true],
    ['Zoë', true],
    ['A', false],
    ['Al1', false],
    ['Anne Marie', false],
  ])('name %s → %s', (value, valid) => expect(isValidName(value)).toBe(valid));
});
