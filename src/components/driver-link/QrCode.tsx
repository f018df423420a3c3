import { useEffect, useState } from 'react';

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

/**
 * A QR code of `text`, for a phone held up to the screen. The encoder (uqr, about 8 KB gzipped)
 * is fetched when the first code is drawn, so no page pays for it before a link is shown.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [code, setCode] = useState<{ text: string; size: number; path: string } | null>(null);
  useEffect(() => {
    let current = true;
    void import('uqr').then(({ encode }) => {
      if (!current) return;
      // Medium error correction: still reads with a smudge or a glare on the screen.
      const { data, size } = encode(text, { ecc: 'M', border: 2 });
      setCode({ text, size, path: modulesPath(data) });
    });
    return () => {
      current = false;
    };
  }, [text]);
  if (!code || code.text !== text) return <div className="qr-code qr-code--pending" />;
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
