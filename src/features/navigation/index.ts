/** What the shared route page (src/app/routes) reuses of the navigation page. */
export { progressView } from './model/progress';
export { useStoredProgress } from './hooks/use-stored-progress';
export { useWazeHandOff } from './hooks/use-waze-hand-off';
export { StopNote } from './components/StopNote';
