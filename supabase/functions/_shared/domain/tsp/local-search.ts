import { randomBelow, type Random } from '../random.ts';

/**
 * A closed tour over `n` nodes with 2-opt and Or-opt local search driven by neighbour lists and
 * don't-look bits, and a segment-swap kick (a local double bridge) for iterated local search.
 *
 * The tour is an array with a position index. Every change is a sequence of 2-opt moves, each a
 * reversal of the shorter side, so a move costs O(min(k, n - k)) and any change can be undone by
 * replaying the logged reversals backwards. Moves are written in terms of nodes and edges, never
 * of the array's direction, because a reversal of the shorter side may flip that direction.
 *
 * One edge may be fixed (never removed): this is how the open-path modes reuse the closed tour.
 */
export class TourSearch {
  readonly n: number;
  /** Current tour length, kept up to date by the gains of the moves. */
  length: number;

  private readonly tour: Int32Array;
  private readonly pos: Int32Array;
  private readonly queue: Int32Array;
  private queueHead = 0;
  private queueSize = 0;
  private readonly queued: Uint8Array;
  private undoLog = new Int32Array(256);
  private undoSize = 0;
  private logging = false;

  constructor(
    initialTour: ArrayLike<number>,
    private readonly dist: (a: number, b: number) => number,
    private readonly neighbours: Int32Array,
    private readonly neighbourCount: number,
    private readonly fixedA: number,
    private readonly fixedB: number,
    private readonly epsilon: number,
  ) {
    const n = initialTour.length;
    this.n = n;
    this.tour = Int32Array.from(initialTour);
    this.pos = new Int32Array(n);
    for (let i = 0; i < n; i++) this.pos[this.tour[i]] = i;
    this.queue = new Int32Array(n);
    this.queued = new Uint8Array(n);
    this.length = 0;
    for (let i = 0; i < n; i++)
      this.length += dist(this.tour[i], this.tour[i + 1 === n ? 0 : i + 1]);
  }

  order(): Int32Array {
    return this.tour.slice();
  }

  next(v: number): number {
    const i = this.pos[v] + 1;
    return this.tour[i === this.n ? 0 : i];
  }

  prev(v: number): number {
    const i = this.pos[v];
    return this.tour[i === 0 ? this.n - 1 : i - 1];
  }

  private isFixed(a: number, b: number): boolean {
    return (a === this.fixedA && b === this.fixedB) || (a === this.fixedB && b === this.fixedA);
  }

  /** Marks every node for examination (all don't-look bits off). */
  activateAll(): void {
    for (let i = 0; i < this.n; i++) this.activate(this.tour[i]);
  }

  private activate(v: number): void {
    if (this.queued[v]) return;
    this.queued[v] = 1;
    let tail = this.queueHead + this.queueSize;
    if (tail >= this.n) tail -= this.n;
    this.queue[tail] = v;
    this.queueSize++;
  }

  private reversePositions(from: number, to: number): void {
    const n = this.n;
    let i = from;
    let j = to;
    let size = j - i;
    if (size < 0) size += n;
    size += 1;
    if (size * 2 > n) {
      i = to + 1 === n ? 0 : to + 1;
      j = from === 0 ? n - 1 : from - 1;
      size = n - size;
    }
    if (this.logging) {
      if (this.undoSize + 2 > this.undoLog.length) {
        const grown = new Int32Array(this.undoLog.length * 2);
        grown.set(this.undoLog);
        this.undoLog = grown;
      }
      this.undoLog[this.undoSize++] = i;
      this.undoLog[this.undoSize++] = j;
    }
    const { tour, pos } = this;
    for (let s = size >> 1; s > 0; s--) {
      const a = tour[i];
      const b = tour[j];
      tour[i] = b;
      pos[b] = i;
      tour[j] = a;
      pos[a] = j;
      if (++i === n) i = 0;
      if (--j < 0) j = n - 1;
    }
  }

  /**
   * Removes edges (t1, t2) and (t3, t4), adds (t1, t3) and (t2, t4). Requires t2 and t4 to follow
   * t1 and t3 in the same direction (both successors or both predecessors).
   */
  private move(t1: number, t2: number, t3: number, t4: number): void {
    if (this.next(t1) === t2) this.reversePositions(this.pos[t2], this.pos[t3]);
    else this.reversePositions(this.pos[t1], this.pos[t4]);
  }

  /** Runs 2-opt and Or-opt from the queued nodes until no improving move is left. */
  optimize(): void {
    while (this.queueSize > 0) {
      const v = this.queue[this.queueHead];
      if (++this.queueHead === this.n) this.queueHead = 0;
      this.queueSize--;
      this.queued[v] = 0;
      if (this.tryTwoOpt(v) || this.tryOrOpt(v)) this.activate(v);
    }
  }

  private tryTwoOpt(t1: number): boolean {
    const { dist, neighbours, neighbourCount: k, epsilon } = this;
    for (let direction = 0; direction < 2; direction++) {
      const t2 = direction === 0 ? this.next(t1) : this.prev(t1);
      if (this.isFixed(t1, t2)) continue;
      const d12 = dist(t1, t2);
      for (let c = t1 * k, end = c + k; c < end; c++) {
        const t3 = neighbours[c];
        const gain1 = d12 - dist(t1, t3);
        if (gain1 <= epsilon) break;
        const t4 = direction === 0 ? this.next(t3) : this.prev(t3);
        if (t3 === t2 || t4 === t1 || this.isFixed(t3, t4)) continue;
        const gain = gain1 + dist(t3, t4) - dist(t2, t4);
        if (gain > epsilon) {
          this.move(t1, t2, t3, t4);
          this.length -= gain;
          this.activate(t1);
          this.activate(t2);
          this.activate(t3);
          this.activate(t4);
          return true;
        }
      }
    }
    return false;
  }

  /** Moves a segment of 1 to 3 nodes that starts at `s1` elsewhere, reversed or not. */
  private tryOrOpt(s1: number): boolean {
    const { dist, neighbours, neighbourCount: k, epsilon, n } = this;
    for (let segmentLength = 1; segmentLength <= 3 && segmentLength + 5 <= n; segmentLength++) {
      for (let direction = 0; direction < 2; direction++) {
        const forward = direction === 0;
        const middle = segmentLength === 3 ? (forward ? this.next(s1) : this.prev(s1)) : s1;
        let s2 = s1;
        for (let i = 1; i < segmentLength; i++) s2 = forward ? this.next(s2) : this.prev(s2);
        const p = forward ? this.prev(s1) : this.next(s1);
        const q = forward ? this.next(s2) : this.prev(s2);
        if (this.isFixed(p, s1) || this.isFixed(s2, q)) continue;
        const removeGain = dist(p, s1) + dist(s2, q) - dist(p, q);
        if (removeGain <= epsilon) continue;
        for (let side = 0; side < 2; side++) {
          const near = side === 0 ? s1 : s2;
          const far = side === 0 ? s2 : s1;
          for (let c = near * k, end = c + k; c < end; c++) {
            const a = neighbours[c];
            const dNear = dist(near, a);
            if (removeGain - dNear <= epsilon) break;
            if (a === s1 || a === s2 || a === middle) continue;
            for (let otherSide = 0; otherSide < 2; otherSide++) {
              const b = otherSide === 0 ? this.next(a) : this.prev(a);
              if (b === s1 || b === s2 || b === middle || this.isFixed(a, b)) continue;
              const gain = removeGain + dist(a, b) - dNear - dist(far, b);
              if (gain > epsilon) {
                this.moveSegment(p, s1, s2, q, a, near, b);
                this.length -= gain;
                this.activate(p);
                this.activate(q);
                this.activate(s1);
                this.activate(s2);
                this.activate(a);
                this.activate(b);
                return true;
              }
            }
          }
        }
      }
    }
    return false;
  }

  /**
   * Moves the segment s1..s2 (p before s1, q after s2) between the adjacent nodes a and b, so that
   * the new edges are (p, q), (a, nearA) and (b, the other end).
   */
  private moveSegment(
    p: number,
    s1: number,
    s2: number,
    q: number,
    a: number,
    nearA: number,
    b: number,
  ): void {
    // Name the insertion edge (x, y) so that y follows x in the direction p -> s1.
    const alongP = this.next(p) === s1;
    const aThenB = (alongP ? this.next(a) : this.prev(a)) === b;
    const x = aThenB ? a : b;
    const y = aThenB ? b : a;
    const xEnd = aThenB ? nearA : nearA === s1 ? s2 : s1;
    // Three 2-opt moves: p y..q s2..s1 -> p q.. x s2..s1 y, then flip the segment if x wants s1.
    this.move(p, s1, x, y);
    this.move(p, x, q, s2);
    if (xEnd === s1 && s1 !== s2) this.move(x, s2, s1, y);
  }

  /**
   * Swaps two adjacent random segments of at most `maxSegment` nodes each (p A B q -> p B A q):
   * a double bridge kept local so that the following local search stays cheap. Returns false when
   * the chosen cut would remove the fixed edge (the caller just tries again).
   */
  kick(random: Random, maxSegment: number): boolean {
    const { n, tour, dist } = this;
    const limit = Math.max(1, Math.min(maxSegment, Math.floor((n - 2) / 2)));
    const start = randomBelow(random, n);
    const lengthA = 1 + randomBelow(random, limit);
    const lengthB = 1 + randomBelow(random, limit);
    const p = tour[start];
    const a1 = tour[(start + 1) % n];
    const aEnd = tour[(start + lengthA) % n];
    const b1 = tour[(start + lengthA + 1) % n];
    const bEnd = tour[(start + lengthA + lengthB) % n];
    const q = tour[(start + lengthA + lengthB + 1) % n];
    if (this.isFixed(p, a1) || this.isFixed(aEnd, b1) || this.isFixed(bEnd, q)) return false;
    const delta =
      dist(p, b1) + dist(bEnd, a1) + dist(aEnd, q) - dist(p, a1) - dist(aEnd, b1) - dist(bEnd, q);
    this.move(p, a1, bEnd, q);
    this.move(p, bEnd, b1, aEnd);
    this.move(bEnd, aEnd, a1, q);
    this.length += delta;
    this.activate(p);
    this.activate(a1);
    this.activate(aEnd);
    this.activate(b1);
    this.activate(bEnd);
    this.activate(q);
    return true;
  }

  /** Starts recording changes so that `rollback` can restore the current tour. */
  checkpoint(): void {
    this.logging = true;
    this.undoSize = 0;
  }

  /** Keeps the changes since the checkpoint. */
  commit(): void {
    this.logging = false;
    this.undoSize = 0;
  }

  /** Restores the tour of the last checkpoint (its length is the caller's to restore). */
  rollback(): void {
    this.logging = false;
    for (let i = this.undoSize - 2; i >= 0; i -= 2) {
      this.reversePositions(this.undoLog[i], this.undoLog[i + 1]);
    }
    this.undoSize = 0;
  }
}
