// Flame graphs of V8 CPU profiles (the .cpuprofile that `node --cpu-prof` writes), as standalone SVG: no tool to
// install, nothing fetched. Each box is a function in a call path; its width is the CPU time spent in it and in what
// it called, its children stand on it. Idle time is left out, so the widths are shares of the busy time.

export interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: CpuProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The profile from `ms` after it began (the load's start): the samples before are dropped. */
export function fromMoment(profile: CpuProfile, ms: number): CpuProfile {
  let elapsed = 0;
  let first = profile.samples.length;
  for (let index = 0; index < profile.timeDeltas.length; index++) {
    elapsed += profile.timeDeltas[index];
    if (elapsed >= ms * 1000) {
      first = index;
      break;
    }
  }
  return {
    ...profile,
    startTime: profile.startTime + elapsed,
    samples: profile.samples.slice(first),
    timeDeltas: [0, ...profile.timeDeltas.slice(first + 1)],
  };
}

const IDLE = new Set(['(idle)', '(program)']);

/** Where a frame comes from: its package, the app's file, or Node.js itself. */
function origin(url: string): string {
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (module) return module[1];
  const own = /\/(?:dist|src)\/(.+)$/.exec(url);
  if (own) return `app ${own[1]}`;
  return url.startsWith('node:') ? url : url ? 'node' : '';
}

interface Frame {
  name: string;
  self: number;
  total: number;
  children: Map<string, Frame>;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The profile's call tree as an SVG flame graph (1200 px wide), titled; hover a box for its share and source. */
export function flameGraph(profile: CpuProfile, title: string): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfTime = new Map<number, number>();
  profile.samples.forEach((id, index) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index + 1] ?? profile.timeDeltas[index] ?? 0)));
  const root: Frame = { name: 'all', self: 0, total: 0, children: new Map() };
  for (const [id, time] of selfTime) {
    const frame = byId.get(id)!.callFrame;
    if (IDLE.has(frame.functionName)) continue;
    const path: CpuProfileNode[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) path.unshift(byId.get(at)!);
    let current = root;
    root.total += time;
    for (const node of path.slice(1)) {
      const { functionName, url, lineNumber } = node.callFrame;
      const key = `${functionName || '(anonymous)'} ${origin(url)}${url ? `:${lineNumber + 1}` : ''}`;
      let next = current.children.get(key);
      if (!next) current.children.set(key, (next = { name: key, self: 0, total: 0, children: new Map() }));
      next.total += time;
      current = next;
    }
    current.self += time;
  }
  const width = 1200;
  const rowHeight = 16;
  const visible = (frame: Frame) => (frame.total / Math.max(1, root.total)) * width >= 0.3;
  const depthOf = (frame: Frame): number => Math.max(0, ...[...frame.children.values()].filter(visible).map((child) => 1 + depthOf(child)));
  const depthMax = depthOf(root);
  const top = 24;
  // The root at the bottom, each call above its caller.
  const yOf = (depth: number) => top + (depthMax - depth) * rowHeight;
  const boxes: string[] = [];
  const draw = (frame: Frame, x: number, depth: number) => {
    if (!visible(frame)) return;
    const w = (frame.total / Math.max(1, root.total)) * width;
    const share = ((frame.total / Math.max(1, root.total)) * 100).toFixed(1);
    const hue = frame.name.includes(' app ') ? 140 : frame.name.includes('node:') || frame.name.endsWith(' node') ? 210 : 30;
    const label = w > 40 ? `<text x="${(x + 3).toFixed(1)}" y="${yOf(depth) + 12}">${escape(frame.name.slice(0, Math.floor(w / 6.7)))}</text>` : '';
    boxes.push(
      `<g><title>${escape(frame.name)}: ${share} % of busy time</title><rect x="${x.toFixed(1)}" y="${yOf(depth)}" width="${Math.max(0.3, w - 0.5).toFixed(1)}" height="${rowHeight - 1}" fill="hsl(${hue},70%,${60 + (depth % 3) * 6}%)"/>${label}</g>`,
    );
    let childX = x;
    for (const child of [...frame.children.values()].sort((a, b) => a.name.localeCompare(b.name))) {
      draw(child, childX, depth + 1);
      childX += (child.total / Math.max(1, root.total)) * width;
    }
  };
  draw(root, 0, 0);
  const height = top + (depthMax + 1) * rowHeight + 4;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="monospace" font-size="11">`,
    `<text x="4" y="14" font-size="13">${escape(title)} (busy ${(root.total / 1000).toFixed(0)} ms; green: the app, blue: Node.js, orange: packages)</text>`,
    ...boxes,
    '</svg>',
    '',
  ].join('\n');
}
