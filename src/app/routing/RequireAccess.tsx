import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingState } from '@/components/LoadingState';
import { useIdentity } from '@/lib/auth';
import { decideAccess, type RouteAccess } from './route-access';

/** Layout route that applies a path's access rule to its children. */
export function RequireAccess({ access }: { access: RouteAccess }) {
  const { identity } = useIdentity();
  const location = useLocation();
  const decision = decideAccess(access, identity.status, location);

  switch (decision.kind) {
    case 'render':
      return <Outlet />;
    case 'wait':
      return <LoadingState />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
  }
}
