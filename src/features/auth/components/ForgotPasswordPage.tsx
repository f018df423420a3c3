import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AuthCard } from './AuthCard';
import { ResetRequestForm } from './ResetRequestForm';

/** /forgot-password: a link to choose a new password, sent to the account's address. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthCard
      titleId="forgot-title"
      title={t('account.forgot.title')}
      subtitle={t('account.forgot.text')}
    >
      <ResetRequestForm />
      <p className="auth-card__switch">
        <Link to={paths.login()}>{t('account.forgot.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}

export default ForgotPasswordPage;
