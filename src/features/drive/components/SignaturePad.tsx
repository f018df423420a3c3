import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A signature drawn with a finger or a mouse. `onChange` gets it as a PNG after each stroke
 * (null once cleared). Drawing needs a pointer; the signature is optional, so a keyboard user
 * sends the report without one.
 */
export function SignaturePad({ onChange }: { onChange: (signature: Blob | null) => void }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [signed, setSigned] = useState(false);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    // Drawn at the screen's own resolution, so the lines stay sharp on a phone.
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(element.clientWidth * ratio);
    element.height = Math.round(element.clientHeight * ratio);
    const context = element.getContext('2d');
    if (!context) return;
    context.scale(ratio, ratio);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#111';
  }, []);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const draw = (event: PointerEvent<HTMLCanvasElement>) => {
    const from = last.current;
    const context = canvas.current?.getContext('2d');
    if (!from || !context) return;
    const to = point(event);
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x + (to.x === from.x && to.y === from.y ? 0.1 : 0), to.y);
    context.stroke();
    last.current = to;
  };

  const finish = () => {
    if (!last.current) return;
    last.current = null;
    setSigned(true);
    canvas.current?.toBlob((blob) => onChange(blob), 'image/png');
  };

  const clear = () => {
    const element = canvas.current;
    element?.getContext('2d')?.clearRect(0, 0, element.width, element.height);
    setSigned(false);
    onChange(null);
  };

  return (
    <div className="signature">
      <canvas
        ref={canvas}
        className="signature__pad"
        role="img"
        aria-label={signed ? t('drive.signatureDrawn') : t('drive.signatureArea')}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          last.current = point(event);
          draw(event);
        }}
        onPointerMove={draw}
        onPointerUp={finish}
        onPointerCancel={finish}
      />
      <button type="button" className="button button--small" disabled={!signed} onClick={clear}>
        {t('drive.signatureClear')}
      </button>
    </div>
  );
}
