import { useTranslation } from 'react-i18next';
import { LegalDocument, type LegalSection } from './LegalDocument';
import { LegalText } from './LegalText';
import { DEVICE_KEYS, type DeviceKey, type DeviceKeyId } from '@/lib/device-keys';

/**
 * What the product keeps in the browser, under the names a curious user will find there: every
 * key of the registry the clearing code goes through, then what is not a storage key.
 */
const STORAGE_ENTRIES = [
  ...(Object.entries(DEVICE_KEYS) as [DeviceKeyId, DeviceKey][]).map(([key, entry]) => ({
    name: entry.shown ?? (entry.prefix ? `${entry.name}…` : entry.name),
    key,
  })),
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
