import { describe, expect, it } from 'vitest';
import { validateFeedback } from './validate-feedback';

describe('validateFeedback', () => {
  it('needs a message that is not blank after trimming', () => {
    expect(validateFeedback({ email: '', message: '  \n ' }, true)).toEqual({
      message: 'Please provide your feedback',
    });
    expect(validateFeedback({ email: '', message: 'Nice' }, true)).toEqual({});
  });

  it('checks a given e-mail of an anonymous sender only', () => {
    expect(validateFeedback({ email: 'ada@', message: 'Nice' }, true)).toEqual({
      email: 'Please enter a valid email or leave it blank',
    });
    expect(validateFeedback({ email: ' ada@example.com ', message: 'Nice' }, true)).toEqual({});
    expect(validateFeedback({ email: 'ada@', message: 'Nice' }, false)).toEqual({});
  });
});
