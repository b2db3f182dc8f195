/** A one-line progress bar for long CLI work: done/total, rate per second and ETA (plain lines when not a TTY). */
export const createProgressBar = (label: string, { stream = process.stderr, width = 30 } = {}) => {
  const started = performance.now();
  let lastDraw = 0;
  const render = (done: number, total: number | undefined) => {
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const known = total !== undefined && total > 0;
    const ratio = known ? Math.min(done / total, 1) : 0;
    const bar = known
      ? `[${'#'.repeat(Math.round(ratio * width)).padEnd(width, '-')}] ${(ratio * 100).toFixed(0).padStart(3)}% `
      : '';
    const eta = known && rate > 0 ? ` ETA ${Math.max(0, (total - done) / rate).toFixed(1)}s` : '';
    return `${label} ${bar}${done.toLocaleString('en-US')}${known ? `/${total.toLocaleString('en-US')}` : ''} events, ${Math.round(rate).toLocaleString('en-US')} ev/s${eta}`;
  };
  return {
    update(done: number, total: number | undefined) {
      const now = performance.now();
      if (now - lastDraw < 100) return;
      lastDraw = now;
      if (stream.isTTY) stream.write(`\r${render(done, total)}\u001b[K`);
    },
    finish(done: number, total: number | undefined) {
      stream.write(stream.isTTY ? `\r${render(done, total)}\u001b[K\n` : `${render(done, total)}\n`);
    },
  };
};
