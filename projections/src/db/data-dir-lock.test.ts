import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';
import { ownIdentity, processStartTime } from './process-identity';

/** A process that just sleeps: a live pid that is not the lock's writer. */
const sleeper = () => spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });

describe('Data-dir lock', () => {
  let root: string;
  let dataDir: string;
  let other: ChildProcess;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'etf-lock-'));
    other = sleeper();
    await new Promise((resolve) => other.once('spawn', resolve));
  });
  afterAll(async () => {
    other.kill('SIGKILL');
    await rm(root, { recursive: true, force: true });
  });
  afterEach(async () => {
    await rm(`${dataDir}.lock`, { force: true });
  });
  const fresh = () => {
    dataDir = path.join(root, randomUUID());
    return dataDir;
  };

  it('lets exactly one of several simultaneous starts have the folder', async () => {
    const dir = fresh();
    const attempts = await Promise.allSettled(Array.from({ length: 8 }, () => lockDataDir(dir)));
    const won = attempts.filter((attempt) => attempt.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const attempt of attempts) {
      if (attempt.status === 'rejected') expect(String(attempt.reason)).toMatch(/is in use by process/);
    }
  });

  it('lets exactly one of several processes started at the same moment have the folder', async () => {
    const dir = fresh();
    const moduleUrl = new URL('./data-dir-lock.ts', import.meta.url).href;
    // Each child says "ready" once loaded, tries the lock on "go", and holds what it won until its stdin closes: a
    // child that starts late cannot find the winner gone and take the folder over.
    const script = `const { lockDataDir } = await import(${JSON.stringify(moduleUrl)});
      const lines = (await import('node:readline')).createInterface({ input: process.stdin });
      console.log('ready');
      for await (const line of lines) {
        if (line !== 'go') continue;
        try { await lockDataDir(${JSON.stringify(dir)}); console.log('won'); }
        catch (error) { console.log(/in use/.test(String(error)) ? 'lost' : String(error)); }
      }`;
    const children = Array.from({ length: 3 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const lines: string[] = [];
      const waiting = new Set<() => void>();
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        lines.push(...chunk.split('\n').filter(Boolean));
        for (const wake of waiting) wake();
      });
      const nthLine = (n: number) =>
        new Promise<string>((resolve, reject) => {
          const check = () => {
            const line = lines[n];
            if (line === undefined) return;
            waiting.delete(check);
            resolve(line);
          };
          waiting.add(check);
          child.once('exit', () => reject(new Error(`child exited after ${JSON.stringify(lines)}`)));
          check();
        });
      return { child, nthLine };
    });
    try {
      expect(await Promise.all(children.map(({ nthLine }) => nthLine(0)))).toEqual([
        'ready',
        'ready',
        'ready',
      ]);
      for (const { child } of children) child.stdin?.write('go\n');
      const outcomes = await Promise.all(children.map(({ nthLine }) => nthLine(1)));
      expect(outcomes.sort()).toEqual(['lost', 'lost', 'won']);
    } finally {
      await Promise.all(
        children.map(({ child }) => {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.stdin?.end();
          return child.exitCode === null ? exited : undefined;
        }),
      );
    }
  }, 30_000);

  it('takes over a lock whose pid now belongs to another process', async () => {
    const dir = fresh();
    await lockDataDir(dir);
    // The writer died and the kernel gave its pid to an unrelated, running process.
    const file = `${dir}.lock`;
    const written = await readFile(file, 'utf8');
    await writeFile(file, written.replace(String(process.pid), String(other.pid)));
    const unlock = await lockDataDir(dir);
    expect(JSON.parse(await readFile(file, 'utf8')).pid).toBe(process.pid);
    await unlock();
  });

  it('refuses while the process that wrote the lock runs', async () => {
    const dir = fresh();
    const owner = { ...(await ownIdentity('theirs')), pid: other.pid as number };
    await writeFile(
      `${dir}.lock`,
      JSON.stringify({ ...owner, startTime: await processStartTime(owner.pid) }),
    );
    await expect(lockDataDir(dir)).rejects.toThrow(`is in use by process ${other.pid}`);
  });

  it('takes over the lock of a process that has exited', async () => {
    const dir = fresh();
    const gone = sleeper();
    await new Promise((resolve) => gone.once('spawn', resolve));
    gone.kill('SIGKILL');
    await new Promise((resolve) => gone.once('exit', resolve));
    await writeFile(`${dir}.lock`, JSON.stringify({ ...(await ownIdentity('dead')), pid: gone.pid }));
    const unlock = await lockDataDir(dir);
    await unlock();
    await expect(readFile(`${dir}.lock`)).rejects.toThrow(/ENOENT/);
  });

  it('releases only its own lock', async () => {
    const dir = fresh();
    const unlock = await lockDataDir(dir);
    const theirs = JSON.stringify({ ...(await ownIdentity('theirs')), pid: other.pid });
    await writeFile(`${dir}.lock`, theirs);
    await unlock();
    expect(await readFile(`${dir}.lock`, 'utf8')).toBe(theirs);
  });

  describe('a lock written on another host (a recreated container)', () => {
    const foreignLock = async (dir: string, ageMs: number) => {
      const identity = {
        ...(await ownIdentity(randomUUID())),
        host: 'old-container-7f3a',
        pid: other.pid ?? 1,
      };
      await writeFile(`${dir}.lock`, JSON.stringify(identity));
      const beat = new Date(Date.now() - ageMs);
      await utimes(`${dir}.lock`, beat, beat);
    };

    it('is taken over once its heartbeat is older than the lease', async () => {
      const dir = fresh();
      await foreignLock(dir, 60_000);
      const release = await lockDataDir(dir, { staleAfterMs: 30_000 });
      expect(JSON.parse(await readFile(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
      await release();
    });

    it('is refused while its heartbeat is fresh, saying which host holds it and how to take over', async () => {
      const dir = fresh();
      await foreignLock(dir, 1_000);
      await expect(lockDataDir(dir, { staleAfterMs: 30_000 })).rejects.toThrow(
        /in use by process \d+ on host old-container-7f3a .*taken over 30 s after its last heartbeat/,
      );
    });

    it('never goes stale while its holder runs: the holder renews the heartbeat', async () => {
      const dir = fresh();
      const release = await lockDataDir(dir, { heartbeatMs: 20 });
      const old = new Date(Date.now() - 60_000);
      await utimes(`${dir}.lock`, old, old);
      // Wait for the condition (the next beat), not for a duration.
      await expect
        .poll(async () => Date.now() - (await stat(`${dir}.lock`)).mtimeMs, { timeout: 10_000, interval: 20 })
        .toBeLessThan(30_000);
      await release();
    });
  });
});
