import { useTranslation } from 'react-i18next';
import { LegalDocument } from './LegalDocument';
import { LegalText } from './LegalText';

const SECTIONS = [
  'operator',
  'contact',
  'representative',
  'register',
  'responsible',
  'disputes',
  'links',
] as const;

/** Site notice: a template whose [PLACEHOLDERS] the operator fills in before publishing. */
export function NoticePage() {
  const { t } = useTranslation();
  const placeholderLabel = t('legal.notice.placeholderLabel');
  return (
    <LegalDocument
      title={t('legal.noticeTitle')}
      intro={
        <p className="legal__template-note" role="note">
          {t('legal.notice.templateNote')}
        </p>
      }
      sections={SECTIONS.map((id) => ({
        id: `notice-${id}`,
        title: t(`legal.notice.${id}.title`),
        content: (
          <LegalText text={t(`legal.notice.${id}.body`)} placeholderLabel={placeholderLabel} />
        ),
      }))}
    />
  );
}

export default NoticePage;
