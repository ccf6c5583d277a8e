/**
 * A QR code of a text, for a phone's camera, drawn by the `qrcode` package as an SVG picture
 * (black on white with its quiet zone, as cameras need, whatever the app's theme).
 */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

export function QrCode({ text, label }: { text: string; label: string }) {
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let current = true;
    void QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }).then(
      (drawn) => current && setSvg(drawn),
    );
    return () => {
      current = false;
    };
  }, [text]);
  if (!svg) return null;
  return (
    <img
      className="qr-code"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
    />
  );
}
