// Loaded into a test server with `NODE_OPTIONS=--import <this file>` (see fills.e2e.test.ts): the server's clock is
// the real one plus the milliseconds written in the file E2E_CLOCK_OFFSET_FILE, read at every reading of the clock,
// so a test can create a tracking "days ago" and then bring the server back to now. Only `Date.now()` and
// `new Date()` move; dates built from a value are untouched. Never loaded outside the e2e tests.
import { readFileSync } from 'node:fs';

const file = process.env.E2E_CLOCK_OFFSET_FILE;
if (file) {
  const RealDate = globalThis.Date;
  const offset = () => {
    try {
      return Number(readFileSync(file, 'utf8').trim()) || 0;
    } catch {
      return 0;
    }
  };
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset());
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset();
    }
  }
  globalThis.Date = ShiftedDate;
}
