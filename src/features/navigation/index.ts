export { wazeLinks, type WazeLinks } from './model/waze-links';
export { isMobileDevice } from './model/device';
export {
  handOffToWaze,
  WAZE_FALLBACK_DELAY_MS,
  type HandOff,
  type HandOffWindow,
} from './model/waze-handoff';
export {
  initialProgress,
  progressReducer,
  progressView,
  type NavigationProgress,
  type ProgressAction,
} from './model/progress';
export { useStoredProgress, type ProgressStorage } from './hooks/useStoredProgress';
export { useWazeHandOff } from './hooks/useWazeHandOff';
export { StopNote } from './components/StopNote';
