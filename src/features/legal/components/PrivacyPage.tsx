import { useTranslation } from 'react-i18next';
import { LegalDocument, type LegalSection } from './LegalDocument';
import { LegalText } from './LegalText';

/** What the product keeps in the browser, under the names a curious user will find there. */
const STORAGE_ENTRIES = [
  { name: 'sb-…-auth-token', key: 'session' },
  { name: 'guestMode', key: 'guestMode' },
  { name: 'theme', key: 'theme' },
  { name: 'i18nextLng', key: 'language' },
  { name: 'routeDraft', key: 'routeDraft' },
  { name: 'pendingRoute', key: 'pendingRoute' },
  { name: 'sharedRouteProgress:…', key: 'sharedRouteProgress' },
  { name: 'route-planner-offline', key: 'offlineRoutes' },
  { name: 'workbox-precache-…', key: 'appCache' },
] as const;

const THIRD_PARTIES = ['geocoder', 'router', 'tiles', 'google', 'waze'] as const;
const PLAIN_SECTIONS = ['controller', 'account', 'routes', 'sharing', 'yourData'] as const;
const CLOSING_SECTIONS = ['server', 'cookies', 'retention', 'rights'] as const;

export function PrivacyPage() {
  const { t } = useTranslation();
  const plain = (
    id: (typeof PLAIN_SECTIONS)[number] | (typeof CLOSING_SECTIONS)[number],
  ): LegalSection => ({
    id: `privacy-${id}`,
    title: t(`legal.privacy.${id}.title`),
    content: <LegalText text={t(`legal.privacy.${id}.body`)} />,
  });

  const sections: LegalSection[] = [
    ...PLAIN_SECTIONS.map(plain),
    {
      id: 'privacy-storage',
      title: t('legal.privacy.storage.title'),
      content: (
        <>
          <LegalText text={t('legal.privacy.storage.body')} />
          <ul className="legal__list">
            {STORAGE_ENTRIES.map((entry) => (
              <li key={entry.key}>
                <code>{entry.name}</code>: {t(`legal.privacy.storage.${entry.key}`)}
              </li>
            ))}
          </ul>
        </>
      ),
    },
    {
      id: 'privacy-third-parties',
      title: t('legal.privacy.thirdParties.title'),
      content: (
        <>
          <LegalText text={t('legal.privacy.thirdParties.body')} />
          <ul className="legal__list">
            {THIRD_PARTIES.map((id) => (
              <li key={id}>{t(`legal.privacy.thirdParties.${id}`)}</li>
            ))}
          </ul>
        </>
      ),
    },
    ...CLOSING_SECTIONS.map(plain),
  ];

  return (
    <LegalDocument
      title={t('legal.privacyTitle')}
      intro={<p className="legal__intro">{t('legal.privacy.intro')}</p>}
      sections={sections}
    />
  );
}

export default PrivacyPage;
