import { RegisterPage } from '@/features/auth/components/RegisterPage';
import { WithPostAuth } from '../post-auth/WithPostAuth';

/** /register: the auth feature's page, wired to the post-auth flow. */
export default function RegisterRoute() {
  return (
    <WithPostAuth>
      <RegisterPage />
    </WithPostAuth>
  );
}
