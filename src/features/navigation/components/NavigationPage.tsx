import { useTranslation } from 'react-i18next';

/** Placeholder: this page is built in a later issue. */
export function NavigationPage() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1 className="page__title">{t('navigation.title')}</h1>
      <p className="page__note">{t('placeholder.notReady')}</p>
    </section>
  );
}

export default NavigationPage;
