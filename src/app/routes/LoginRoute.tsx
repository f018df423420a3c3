import { LoginPage } from '@/features/auth/components/LoginPage';
import { WithPostAuth } from '../post-auth/WithPostAuth';

/** /login: the auth feature's page, wired to the post-auth flow. */
export default function LoginRoute() {
  return (
    <WithPostAuth>
      <LoginPage />
    </WithPostAuth>
  );
}
