/**
 * Whether two runs of the benchmark agree: every row with a ratio in both reports (the lists and pages against
 * their baselines, the no-database routes, tracing, history, import, the streams), its ratio in each, the
 * difference, and whether it is within the tolerance; then the rows whose target was met in one run and not in
 * the other. Rows are matched by name, page numbers aside (the last page moves when a run adds companies).
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
  '| Row | first run | second run | difference | agree |',
  '|---|---|---|---|---|',
];
let compared = 0;
let agreeing = 0;
const targetChanges: string[] = [];
for (const first of earlier.results) {
  const second = laterRows.get(key(first.name));
  if (!second) continue;
  if (first.met !== undefined && second.met !== undefined && first.met !== second.met)
    targetChanges.push(`- ${key(first.name)}: ${first.met ? 'met' : 'missed'} in the first run, ${second.met ? 'met' : 'missed'} in the second`);
  if (typeof first.ratio !== 'number' || typeof second.ratio !== 'number') continue;
  const difference = second.ratio - first.ratio;
  const agrees = Math.abs(difference) <= tolerance + 1e-9;
  compared += 1;
  if (agrees) agreeing += 1;
  lines.push(
    `| ${key(first.name)} | ${first.ratio} | ${second.ratio} | ${difference >= 0 ? '+' : ''}${difference.toFixed(2)} | ${agrees ? 'yes' : '**no**'} |`,
  );
}
lines.push('', `${agreeing} of ${compared} ratios agree within ${tolerance}.`);
if (targetChanges.length > 0) lines.push('', 'Targets met in one run and missed in the other:', '', ...targetChanges);
console.log(lines.join('\n'));
