import { describe, expect, it } from 'vitest';
import { auditExportFilename } from './export-filename';

const now = new Date('2026-03-04T10:00:00Z');

describe('auditExportFilename', () => {
  it('names the filtered dates', () => {
    expect(auditExportFilename({ from: '2026-01-01T00:00:00Z', to: '2026-01-31T23:59:59+01:00' }, now)).toBe(
      'audit-log-2026-01-01-to-2026-01-31.csv',
    );
    expect(auditExportFilename({ from: '2026-02-01T00:00:00Z' }, now)).toBe('audit-log-from-2026-02-01.csv');
    expect(auditExportFilename({ to: '2026-02-01T00:00:00Z' }, now)).toBe('audit-log-until-2026-02-01.csv');
  });

  it('uses the export day without a range', () => {
    expect(auditExportFilename({}, now)).toBe('audit-log-2026-03-04.csv');
  });
});
