import { setFlagsFromString } from 'node:v8';

/**
 * The V8 settings every server process runs with, set by the process itself at its start: NODE_OPTIONS refuses
 * V8 flags other than a few (the heap budget among them), so these work however the server is started (the
 * Docker image, `npm start`, the tests, the benchmark, whose baselines apply them too).
 *
 * `--no-allocation-site-pretenuring`: V8 watches each place in the code that creates objects, and once nearly all
 * the objects one place made since the last collection survived it, it creates that place's objects in the old
 * generation from then on, which only a full collection frees. Here, places that fill caches and read reference
 * data at startup also build every request's rows (the driver's row parser, the views): once they were tenured, a
 * list page's rows, about 12 KB a request, went to the old generation, and under load the server ran two full
 * collections a second, with their marking on the other core. Without it, those rows die young, as they are: no
 * full collection under load, 16 % fewer instructions a request on a list page, and 30 to 45 % more requests a
 * second on the list pages on two cores, one run each (docs/operations.md, "The Docker image").
 */
export const V8_FLAGS = ['--no-allocation-site-pretenuring'] as const;

export function applyV8Flags(): void {
  for (const flag of V8_FLAGS) setFlagsFromString(flag);
}
