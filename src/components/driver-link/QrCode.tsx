import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The QR code's modules as one SVG path ("M x y h1 v1 h-1 z" per dark module). */
function modulesPath(data: readonly (readonly boolean[])[]): string {
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return path;
}

type Drawn = { text: string; size: number; path: string } | { text: string; failed: true };

/**
 * A QR code of `text`, for a phone held up to the screen. The encoder (uqr, about 8 KB gzipped)
 * is fetched when the first code is drawn, so no page pays for it before a link is shown. When
 * it cannot be fetched (offline, or its file gone after a deployment) the text is shown instead,
 * under a line that says the code is unavailable.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [code, setCode] = useState<Drawn | null>(null);
  useEffect(() => {
    let current = true;
    import('uqr').then(
      ({ encode }) => {
        if (!current) return;
        // Medium error correction: still reads with a smudge or a glare on the screen.
        const { data, size } = encode(text, { ecc: 'M', border: 2 });
        setCode({ text, size, path: modulesPath(data) });
      },
      (error: unknown) => {
        console.error('Could not load the QR code encoder', error);
        if (current) setCode({ text, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [text]);
  if (!code || code.text !== text) return <div className="qr-code qr-code--pending" />;
  if ('failed' in code)
    return (
      <div className="qr-code-unavailable">
        <p>{t('driverLink.qrUnavailable')}</p>
        <p className="qr-code-unavailable__text">{text}</p>
      </div>
    );
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${code.size} ${code.size}`}
      shapeRendering="crispEdges"
    >
      <rect width={code.size} height={code.size} fill="#fff" />
      <path d={code.path} fill="#000" />
    </svg>
  );
}
