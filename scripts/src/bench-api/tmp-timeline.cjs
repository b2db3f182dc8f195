const fs = require('node:fs'); const pg = require('pg'); const http = require('node:http');
const out = process.env.ETF_TIMELINE; const lines = [];
const t = () => (Number(process.hrtime.bigint() / 1000n) % 100000000);
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  const first = args[0]; const text = typeof first === 'string' ? first : (first?.text ?? '');
  const start = t(); const label = text.replace(/\s+/g, ' ').slice(0, 50);
  const r = original.apply(this, args);
  if (r && r.then) r.then(() => lines.push(`${start}\t${t()}\tQ\t${label}`), () => lines.push(`${start}\t${t()}\tQERR\t${label}`));
  return r;
};
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (ev, req, res) {
  if (ev === 'request') { const s = t(); const u = req.url; res.on('finish', () => lines.push(`${s}\t${t()}\tHTTP\t${req.method} ${u}`)); }
  return emit.apply(this, arguments);
};
setInterval(() => { if (lines.length) fs.appendFileSync(out, lines.splice(0).join('\n') + '\n'); }, 200).unref();
