/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, e.g. the API server under bench:api with
 * BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR"): self and total time by function and by file or package,
 * the top N of each, as shares of all sampled time (idle included, so the shares say how busy the process was).
 *   npx tsx scripts/src/profile-summary.ts FILE.cpuprofile [--top 25]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';

const profileSchema = z.object({
  nodes: z.array(
    z.object({
      id: z.number(),
      callFrame: z.object({ functionName: z.string(), url: z.string(), lineNumber: z.number() }),
      children: z.array(z.number()).optional(),
    }),
  ),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});
type ProfileNode = z.infer<typeof profileSchema>['nodes'][number];

export type Summary = {
  readonly totalMs: number;
  readonly selfByFunction: Map<string, number>;
  readonly selfByFile: Map<string, number>;
  readonly totalByFunction: Map<string, number>;
  readonly totalByFile: Map<string, number>;
};

const shortUrl = (url: string) => {
  const path = url.replace(/^file:\/\//, '');
  return path.includes('node_modules/')
    ? path.replace(/.*node_modules\//, 'npm:')
    : path.replace(/^.*?\/(api|core|projections|scripts|web)\//, '$1/');
};

const functionKey = ({ callFrame }: ProfileNode) =>
  `${callFrame.functionName || '(anonymous)'} ${shortUrl(callFrame.url)}:${callFrame.lineNumber + 1}`;

const fileKey = ({ callFrame }: ProfileNode) => {
  const url = shortUrl(callFrame.url);
  if (!url) return `(${callFrame.functionName})`;
  return url.match(/^npm:((@[^/]+\/)?[^/]+)/)?.[0] ?? url;
};

const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);

/** Self time: the sampled leaf. Total time: every distinct function (file) on the sampled stack, counted once. */
export const summariseProfile = (json: unknown): Summary => {
  const profile = profileSchema.parse(json);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const summary: Summary = {
    totalMs: 0,
    selfByFunction: new Map(),
    selfByFile: new Map(),
    totalByFunction: new Map(),
    totalByFile: new Map(),
  };
  let totalMs = 0;
  profile.samples.forEach((id, index) => {
    // A sample's time is the gap to the next one.
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const leaf = nodes.get(id);
    if (!leaf) return;
    totalMs += ms;
    add(summary.selfByFunction, functionKey(leaf), ms);
    add(summary.selfByFile, fileKey(leaf), ms);
    const functions = new Set<string>();
    const files = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = nodes.get(at);
      if (!node) break;
      functions.add(functionKey(node));
      files.add(fileKey(node));
    }
    for (const key of functions) add(summary.totalByFunction, key, ms);
    for (const key of files) add(summary.totalByFile, key, ms);
  });
  return { ...summary, totalMs };
};

export const formatSummary = (summary: Summary, top: number): string => {
  const table = (title: string, map: Map<string, number>) => [
    `\n== ${title}`,
    ...[...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(
        ([key, ms]) =>
          `${((100 * ms) / (summary.totalMs || 1)).toFixed(1).padStart(6)}%  ${ms.toFixed(0).padStart(7)} ms  ${key}`,
      ),
  ];
  return [
    `sampled ${(summary.totalMs / 1000).toFixed(1)} s`,
    ...table('self time by function', summary.selfByFunction),
    ...table('self time by file or package', summary.selfByFile),
    ...table('total time by function', summary.totalByFunction),
    ...table('total time by file or package', summary.totalByFile),
  ].join('\n');
};

const isMain = process.argv[1]?.endsWith('profile-summary.ts');
if (isMain) {
  const { values, positionals } = parseArgs({
    options: { top: { type: 'string', default: '25' } },
    allowPositionals: true,
  });
  const file = positionals[0];
  if (!file) throw new Error('Usage: profile-summary.ts FILE.cpuprofile [--top 25]');
  console.log(formatSummary(summariseProfile(JSON.parse(readFileSync(file, 'utf8'))), Number(values.top)));
}
