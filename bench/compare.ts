/**
 * Whether two runs of the benchmark agree: every row with a ratio in both reports (the lists and pages against
 * their baselines, the no-database routes, tracing, history, import, the streams), its ratio in each, the
 * difference, and whether it is within the tolerance; then the rows whose target was met in one run and not in
 * the other. Rows are matched by name, page numbers aside (the last page moves when a run adds companies).
 *
 * The tolerance is absolute for a ratio up to 1, and relative above it: 0.05 of a ratio near the targets (0.5 to 1)
 * is 5 to 10 % of it, while the pages against their static file sit near 4, where 0.05 would ask two runs to agree
 * within 1 %, tighter than the lists. So a row agrees when its two ratios differ by at most the tolerance times the
 * larger of 1 and their mean; the count of rows within the bare tolerance is printed too.
 *
 *   npm run bench:compare -- earlier.json later.json [--tolerance 0.05] > bench/results/agreement.md
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface Row {
  name: string;
  ratio?: number;
  met?: boolean;
  rounds?: number[];
}

interface Report {
  date: string;
  results: Row[];
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { tolerance: { type: 'string', default: '0.05' } } });
if (positionals.length !== 2) {
  console.error('usage: npm run bench:compare -- earlier.json later.json [--tolerance 0.05]');
  process.exit(2);
}
const tolerance = Number(values.tolerance);
const [earlier, later] = positionals.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Report);
const key = (name: string) => name.replace(/ \(\d+\)/g, '');
const laterRows = new Map(later.results.map((row) => [key(row.name), row]));

const lines = [
  `Two runs of \`npm run bench\`: ${earlier.date} and ${later.date}, tolerance ${tolerance}.`,
  '',
  '| Row | first run | second run | difference | allowed | agree |',
  '|---|---|---|---|---|---|',
];
let compared = 0;
let agreeing = 0;
let withinBare = 0;
const targetChanges: string[] = [];
for (const first of earlier.results) {
  const second = laterRows.get(key(first.name));
  if (!second) continue;
  if (first.met !== undefined && second.met !== undefined && first.met !== second.met)
    targetChanges.push(`- ${key(first.name)}: ${first.met ? 'met' : 'missed'} in the first run, ${second.met ? 'met' : 'missed'} in the second`);
  if (typeof first.ratio !== 'number' || typeof second.ratio !== 'number') continue;
  const difference = second.ratio - first.ratio;
  const allowed = tolerance * Math.max(1, (first.ratio + second.ratio) / 2);
  const agrees = Math.abs(difference) <= allowed + 1e-9;
  compared += 1;
  if (agrees) agreeing += 1;
  if (Math.abs(difference) <= tolerance + 1e-9) withinBare += 1;
  lines.push(
    `| ${key(first.name)} | ${first.ratio} | ${second.ratio} | ${difference >= 0 ? '+' : ''}${difference.toFixed(2)} | ${allowed.toFixed(2)} | ${agrees ? 'yes' : '**no**'} |`,
  );
}
lines.push('', `${agreeing} of ${compared} ratios agree within ${tolerance} (times the ratio above 1); ${withinBare} within ${tolerance} itself.`);
if (targetChanges.length > 0) lines.push('', 'Targets met in one run and missed in the other:', '', ...targetChanges);
console.log(lines.join('\n'));
