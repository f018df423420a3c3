/** The sign-in and sign-up pages' rules that app/ wires into the post-auth flow. */
export {
  destinationAfterSavingPending,
  DESTINATION_AFTER_FAILED_SAVE,
  planPostAuth,
  restoreParkedPendingRoute,
} from './model/pending-route';
export { AfterSignInContext } from './components/after-sign-in';
