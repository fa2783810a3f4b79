import type { CSSProperties } from 'react';

// Inline styles, not a style sheet: the sign-in pages draw the mark, and a sheet of their own would be
// one more file before their first paint.
const brandStyle: CSSProperties = { display: 'flex', alignItems: 'center', gap: 10, minWidth: 0 };
const markStyle: CSSProperties = { display: 'block', flexShrink: 0 };
const nameStyle: CSSProperties = { fontSize: '1.25rem', fontWeight: 700, lineHeight: 1.5, letterSpacing: '-0.01em' };

/** The Letsema mark: three rising bars on the primary blue. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden width={size} height={size} style={markStyle}>
      <rect width="64" height="64" rx="14" fill="#007AFF" />
      <rect x="14" y="34" width="9" height="16" rx="3" fill="#fff" />
      <rect x="27.5" y="24" width="9" height="26" rx="3" fill="#fff" />
      <rect x="41" y="14" width="9" height="36" rx="3" fill="#fff" />
    </svg>
  );
}

/** The mark with the name beside it; `isCompact` shows the mark alone. */
export function BrandLogo({ isCompact = false, size = 32 }: { isCompact?: boolean; size?: number }) {
  return (
    <div style={brandStyle}>
      <BrandMark size={size} />
      {!isCompact && <span style={nameStyle}>Letsema</span>}
    </div>
  );
}
