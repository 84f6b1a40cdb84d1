// The otpauth:// URI as a QR code, drawn here from uqr's matrix (no service sees the secret): one
// SVG path of dark modules, with the quiet zone the scanners need.
import { useMemo } from 'react';
import { encode } from 'uqr';

export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { data } = encode(text, { ecc: 'M', border: 4 });
    const cells: string[] = [];
    data.forEach((row, y) => row.forEach((dark, x) => dark && cells.push(`M${x} ${y}h1v1h-1z`)));
    return { size: data.length, path: cells.join('') };
  }, [text]);
  return (
    <svg className="staff-qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
