// Preload for the API process (BENCH_SERVER_NODE_ARGS="--require ./scripts/src/bench-api/count-queries.cjs"): counts
// the statements sent through `pg` clients; when $TMPDIR/etf-query-count-<pid>.ask exists it writes the count to
// $TMPDIR/etf-query-count-<pid> (a file, not a signal: the server treats signals as shutdown requests).
const fs = require('node:fs');
const path = require('node:path');
const pg = require('pg');
let count = 0;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  count++;
  return original.apply(this, args);
};
const answer = path.join(require('node:os').tmpdir(), `etf-query-count-${process.pid}`);
setInterval(() => {
  if (!fs.existsSync(`${answer}.ask`)) return;
  fs.writeFileSync(answer, String(count));
  fs.rmSync(`${answer}.ask`);
}, 20).unref();
