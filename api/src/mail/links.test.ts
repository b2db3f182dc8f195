import { describe, expect, it } from 'vitest';
import { createLinkBuilder } from './links';

describe('e-mail links', () => {
  const link = createLinkBuilder({
    publicAppUrl: 'https://app.example.com/base/',
    allowedHosts: 'localhost:5173, Staging.Example.com ,http://10.0.0.5:3000,,not a host',
  });

  it('uses PUBLIC_APP_URL unless the client names an allowed host', () => {
    expect(link(undefined, '/reset-password', { token: 'a b' })).toBe(
      'https://app.example.com/base/reset-password?token=a+b',
    );
    expect(link('attacker.example.net', '/x')).toBe('https://app.example.com/base/x');
    expect(link('app.example.com.attacker.net', '/x')).toBe('https://app.example.com/base/x');
    expect(link('app.example.com', '/x')).toBe('https://app.example.com/base/x');
  });

  it('accepts allowed hosts with http for loopback and https otherwise, or the origin given', () => {
    expect(link('localhost:5173', '/x')).toBe('http://localhost:5173/x');
    expect(link('staging.example.com', '/x')).toBe('https://staging.example.com/x');
    expect(link('https://STAGING.example.com/some/page', '/x')).toBe('https://staging.example.com/x');
    expect(link('10.0.0.5:3000', '/x')).toBe('http://10.0.0.5:3000/x');
    expect(link('localhost:5174', '/x')).toBe('https://app.example.com/base/x');
  });
});
