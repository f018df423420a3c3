// Where a page's CPU time went: the functions of a CDP CPU profile by self time.

/**
 * The parts of a CDP CPU profile (Profiler.Profile) read here.
 * @typedef {{id: number, callFrame: {functionName: string, url: string, lineNumber: number}}} ProfileNode
 * @typedef {{nodes: ProfileNode[], samples?: number[], timeDeltas?: number[]}} CpuProfile
 */

/**
 * Self time per function of one CDP CPU profile or of several together, largest first.
 * @param {CpuProfile | readonly CpuProfile[]} profiles
 * @returns {[where: string, ms: number][]}
 */
export function topFunctions(profiles, count = 15) {
  /** @type {Map<string, number>} */
  const totals = new Map();
  /** @type {readonly CpuProfile[]} */
  const all = Array.isArray(profiles) ? profiles : [profiles];
  for (const profile of all) addSelfTimes(profile, totals);
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, count);
}

/**
 * @param {CpuProfile} profile
 * @param {Map<string, number>} totals
 */
function addSelfTimes(profile, totals) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  /** @type {Map<number, number>} */
  const interval = new Map();
  const samples = profile.samples ?? [];
  const timeDeltas = profile.timeDeltas ?? [];
  for (let index = 0; index < samples.length; index += 1) {
    const delta = timeDeltas[index + 1] ?? 0;
    interval.set(samples[index], (interval.get(samples[index]) ?? 0) + delta);
  }
  for (const [id, micros] of interval) {
    const node = byId.get(id);
    if (!node) continue;
    const { callFrame } = node;
    const where = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.split('/').pop()}:${callFrame.lineNumber + 1}`;
    totals.set(where, (totals.get(where) ?? 0) + micros / 1000);
  }
}
