/** Several drivers: the planner page (src/app/routes/PlannerPage) composes the split. */
export { SplitAmongDrivers } from './components/SplitAmongDrivers.tsx';
