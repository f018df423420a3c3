/** Travel-time matrices from coordinates, in the layout VrpProblem expects (row-major). */
import { greatCircleMeters } from '../geo.ts';

/** Euclidean distances in double precision (Solomon's convention: travel time = distance). */
export function euclideanMatrix(points: readonly (readonly [number, number])[]): Float64Array {
  const n = points.length;
  const matrix = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const dx = points[i][0] - points[j][0];
      const dy = points[i][1] - points[j][1];
      // Not Math.hypot: sqrt of the exact sum is the correctly rounded distance for integers.
      matrix[i * n + j] = Math.sqrt(dx * dx + dy * dy);
    }
  }
  return matrix;
}

/** Great-circle distances between [lat, lng] points, in metres, divided by `speed` (default 1). */
export function greatCircleMatrix(
  points: readonly (readonly [number, number])[],
  speed = 1,
): Float64Array {
  const n = points.length;
  const matrix = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      const [lat, lng] = points[i];
      const [toLat, toLng] = points[j];
      matrix[i * n + j] = greatCircleMeters({ lat, lng }, { lat: toLat, lng: toLng }) / speed;
    }
  }
  return matrix;
}
