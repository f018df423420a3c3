import { useId, type ReactElement } from 'react';
import type { LanguageCode } from '@/lib/i18n';

/**
 * Flags as SVG (emoji flags show as two letters on Windows and as boxes on many Linux systems).
 * Decorative: the language name beside each one is what assistive technology reads.
 */
function UnitedKingdom() {
  const clip = useId();
  return (
    <>
      <clipPath id={clip}>
        <path d="M30,15 h30 v15 z v15 h-30 z h-30 v-15 z v-15 h30 z" />
      </clipPath>
      <rect width="60" height="30" fill="#012169" />
      <path d="M0,0 L60,30 M60,0 L0,30" stroke="#fff" strokeWidth="6" />
      <path
        d="M0,0 L60,30 M60,0 L0,30"
        clipPath={`url(#${clip})`}
        stroke="#C8102E"
        strokeWidth="4"
      />
      <path d="M30,0 v30 M0,15 h60" stroke="#fff" strokeWidth="10" />
      <path d="M30,0 v30 M0,15 h60" stroke="#C8102E" strokeWidth="6" />
    </>
  );
}

const stripes = (colours: string[], direction: 'vertical' | 'horizontal', weights?: number[]) => {
  const parts = weights ?? colours.map(() => 1);
  const total = parts.reduce((sum, part) => sum + part, 0);
  let start = 0;
  return colours.map((colour, index) => {
    const size = (parts[index] / total) * (direction === 'vertical' ? 60 : 30);
    const rect =
      direction === 'vertical' ? (
        <rect key={colour + index} x={start} y={0} width={size} height={30} fill={colour} />
      ) : (
        <rect key={colour + index} x={0} y={start} width={60} height={size} fill={colour} />
      );
    start += size;
    return rect;
  });
};

const FLAGS: Record<LanguageCode, () => ReactElement> = {
  en: UnitedKingdom,
  es: () => <>{stripes(['#AA151B', '#F1BF00', '#AA151B'], 'horizontal', [1, 2, 1])}</>,
  fr: () => <>{stripes(['#002654', '#FFFFFF', '#CE1126'], 'vertical')}</>,
  de: () => <>{stripes(['#000000', '#DD0000', '#FFCE00'], 'horizontal')}</>,
  it: () => <>{stripes(['#009246', '#FFFFFF', '#CE2B37'], 'vertical')}</>,
  pt: () => (
    <>
      {stripes(['#006600', '#FF0000'], 'vertical', [2, 3])}
      <circle cx="24" cy="15" r="7" fill="#FFCC00" />
      <rect
        x="20.5"
        y="10.5"
        width="7"
        height="8.5"
        rx="1.5"
        fill="#FF0000"
        stroke="#fff"
        strokeWidth="1"
      />
    </>
  ),
};

/** The flag shown beside a language's name (the United Kingdom's for English). */
export function LanguageFlag({ code, className }: { code: LanguageCode; className?: string }) {
  const Flag = FLAGS[code];
  return (
    <svg
      className={className}
      viewBox="0 0 60 30"
      width="24"
      height="12"
      aria-hidden="true"
      focusable="false"
      preserveAspectRatio="none"
    >
      <Flag />
    </svg>
  );
}
