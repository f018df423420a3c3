/** The day's optimiser: vehicle routing with time windows, service times, capacity and shifts. */
export {
  VRP_OBJECTIVES,
  VrpInputError,
  validateProblem,
  type JobLock,
  type TimeWindow,
  type VrpEnd,
  type VrpJob,
  type VrpObjective,
  type VrpProblem,
  type VrpVehicle,
} from './problem.ts';
export type { UnassignedReason } from './reasons.ts';
export { DEFAULT_SETTINGS, type SearchSettings } from './search.ts';
export {
  VrpSolver,
  solveVrp,
  type VrpRoute,
  type VrpSolution,
  type VrpSolveOptions,
  type VrpUnassigned,
} from './solve.ts';
export { CHECK_TOLERANCE, checkSolution, type RouteFigures, type SolutionCheck } from './check.ts';
export { euclideanMatrix, greatCircleMatrix } from './matrix.ts';
