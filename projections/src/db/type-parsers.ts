import type { DriverTypeParser } from '@slonik/driver';

/**
 * How column types come back from both drivers. `numeric` stays a string: money and shares are decimals and must
 * never pass through a JavaScript float.
 */
export const typeParsers: readonly DriverTypeParser[] = [
  { name: 'int8', parse: (value) => Number.parseInt(value, 10) },
  { name: 'numeric', parse: (value) => value },
  { name: 'timestamptz', parse: (value) => new Date(value) },
  { name: 'timestamp', parse: (value) => new Date(`${value}Z`) },
  { name: 'date', parse: (value) => value },
];
