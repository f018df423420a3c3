import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './legal.css';

export interface LegalSection {
  id: string;
  title: string;
  content: ReactNode;
}

/** A legal page: title, introduction, a table of contents and numbered sections. */
export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro?: ReactNode;
  sections: LegalSection[];
}) {
  const { t } = useTranslation();
  return (
    <article className="page legal" aria-labelledby="legal-title">
      <h1 id="legal-title" className="page__title">
        {title}
      </h1>
      {intro}
      <nav className="legal__contents" aria-labelledby="legal-contents">
        <h2 id="legal-contents" className="legal__contents-title">
          {t('legal.contents')}
        </h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          className="legal__section"
          aria-labelledby={`${section.id}-title`}
        >
          <h2 id={`${section.id}-title`} className="legal__section-title">
            {section.title}
          </h2>
          {section.content}
        </section>
      ))}
    </article>
  );
}
