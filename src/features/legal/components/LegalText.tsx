import { Fragment } from 'react';

const PLACEHOLDER = /(\[[^\]]+\])/;

/**
 * Paragraphs split on blank lines, lines on single line breaks; [BRACKETED] parts are
 * the operator's placeholders and are highlighted so nobody publishes them by mistake.
 */
export function LegalText({ text, placeholderLabel }: { text: string; placeholderLabel?: string }) {
  return (
    <>
      {text.split(/\n{2,}/).map((paragraph, paragraphIndex) => (
        <p key={paragraphIndex} className="legal__paragraph">
          {paragraph.split('\n').map((line, lineIndex) => (
            <Fragment key={lineIndex}>
              {lineIndex > 0 && <br />}
              {line.split(PLACEHOLDER).map((part, partIndex) =>
                PLACEHOLDER.test(part) ? (
                  <mark key={partIndex} className="legal__placeholder" title={placeholderLabel}>
                    {part}
                  </mark>
                ) : (
                  <Fragment key={partIndex}>{part}</Fragment>
                ),
              )}
            </Fragment>
          ))}
        </p>
      ))}
    </>
  );
}
