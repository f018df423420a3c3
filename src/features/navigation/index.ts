/** What the shared route page (src/app/routes) reuses of the navigation page. */
export { progressView } from './model/progress';
export { useStoredProgress } from './hooks/useStoredProgress';
export { useWazeHandOff } from './hooks/useWazeHandOff';
export { StopNote } from './components/StopNote';
