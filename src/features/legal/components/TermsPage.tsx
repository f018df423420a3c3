import { useTranslation } from 'react-i18next';
import { LegalDocument } from './LegalDocument';
import { LegalText } from './LegalText';

const SECTIONS = [
  'service',
  'eligibility',
  'account',
  'use',
  'driving',
  'sharing',
  'thirdParties',
  'liability',
  'complaints',
  'changes',
  'law',
] as const;

export function TermsPage() {
  const { t } = useTranslation();
  return (
    <LegalDocument
      title={t('legal.termsTitle')}
      intro={<p className="legal__intro">{t('legal.terms.intro')}</p>}
      sections={SECTIONS.map((id) => ({
        id: `terms-${id}`,
        title: t(`legal.terms.${id}.title`),
        content: <LegalText text={t(`legal.terms.${id}.body`)} />,
      }))}
    />
  );
}

export default TermsPage;
