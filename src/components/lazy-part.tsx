import {
  Component,
  lazy,
  Suspense,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from './LoadingState';

/**
 * A part of a page whose code is fetched on first use (React.lazy), which can be fetched again
 * after a failure: lazy() keeps a rejected load for good, so retrying means a new lazy().
 */
export interface RetryableLazy<P> {
  current(): LazyExoticComponent<ComponentType<P>>;
  /** Forget a failed load: the next render fetches the code again. */
  reset(): void;
}

export function retryableLazy<P>(load: () => Promise<ComponentType<P>>): RetryableLazy<P> {
  const make = () => lazy(async () => ({ default: await load() }));
  let component = make();
  return {
    current: () => component,
    reset: () => {
      component = make();
    },
  };
}

interface BoundaryProps {
  /** What shows when the code could not be fetched; `retry` fetches it again. */
  failure: (retry: () => void) => ReactNode;
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a failed load (offline, or a file gone after a new deployment) below it. */
export class LoadFailureBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A part of the page could not be loaded', error, info.componentStack);
  }

  private retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  render() {
    return this.state.failed ? this.props.failure(this.retry) : this.props.children;
  }
}

/** The message and button of a part that could not be loaded. */
export function LoadFailure({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="loading-state loading-state--failed" role="alert">
      <span>{t('app.partLoadFailed')}</span>
      <button type="button" className="button button--small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/**
 * Renders `part` (a retryableLazy) with `props`: its loading state while the code arrives
 * (`fallback`, the LoadingState by default), and a message with Retry if it cannot be fetched
 * (`failure`, LoadFailure by default, given the retry).
 */
export function LazyPart<P extends object>({
  part,
  props,
  fallback,
  failure,
}: {
  part: RetryableLazy<P>;
  props: P;
  fallback?: ReactNode;
  failure?: (retry: () => void) => ReactNode;
}) {
  // A retry renders this again, so that the new lazy() replaces the failed one.
  const [, setAttempt] = useState(0);
  const Part = part.current() as unknown as ComponentType<P>;
  return (
    <LoadFailureBoundary
      onRetry={() => {
        part.reset();
        setAttempt((attempt) => attempt + 1);
      }}
      failure={failure ?? ((retry) => <LoadFailure onRetry={retry} />)}
    >
      <Suspense fallback={fallback ?? <LoadingState />}>
        <Part {...props} />
      </Suspense>
    </LoadFailureBoundary>
  );
}
