// Preload for the API process (BENCH_SERVER_NODE_ARGS="--require ./scripts/src/bench-api/count-queries.cjs"): counts
// the statements sent through `pg` clients; when $TMPDIR/etf-query-count-<pid>.ask exists it writes the count to
// $TMPDIR/etf-query-count-<pid> (a file, not a signal: the server treats signals as shutdown requests).
// With ETF_QUERY_LOG=<file>, each statement's text (first line, 160 characters) is also appended to that file after the
// process id and its count, so a command's statements can be listed by who (and which server process) sends them.
const fs = require('node:fs');
const path = require('node:path');
const pg = require('pg');
let count = 0;
const log = process.env.ETF_QUERY_LOG;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  count++;
  if (log) {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first?.text ?? first?.name ?? String(first));
    fs.appendFileSync(log, `${process.pid}\t${count}\t${text.replace(/\s+/g, ' ').slice(0, 160)}\n`);
  }
  return original.apply(this, args);
};
const answer = path.join(require('node:os').tmpdir(), `etf-query-count-${process.pid}`);
setInterval(() => {
  if (!fs.existsSync(`${answer}.ask`)) return;
  fs.writeFileSync(answer, String(count));
  fs.rmSync(`${answer}.ask`);
}, 20).unref();
