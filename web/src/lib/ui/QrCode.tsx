/**
 * A QR code of a text (a link's address) drawn as one SVG path, black on white with the quiet zone
 * scanners need, sized by its container. Encoded by `uqr`; nothing is fetched.
 */
import { useMemo } from "preact/hooks";
import { encode } from "uqr";

export interface QrCodeProps {
  text: string;
  /** What the code is, for screen readers ("QR code of the desk link for Gate 2"). */
  label: string;
  class?: string;
}

/** Quiet zone, in modules, on every side (the standard asks for four). */
const QUIET = 4;

export function QrCode({ text, label, class: className }: QrCodeProps) {
  const { path, size } = useMemo(() => {
    const { data, size } = encode(text, { ecc: "M", border: 0 });
    let path = "";
    data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) path += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
      });
    });
    return { path, size: size + 2 * QUIET };
  }, [text]);
  return (
    <svg
      class={className}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shape-rendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
