/** The import feature's public entry (the planner page composes it). */
export { ImportPanel } from './components/LazyImportPanel';
