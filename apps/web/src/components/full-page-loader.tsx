import type { CSSProperties } from 'react';
import { BrandLogo } from './brand-logo';

// Inline styles: the loader is in the first download, which holds no MUI.
const loaderStyle: CSSProperties = {
  minHeight: '100vh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
};
const hiddenStyle: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/** Fills the screen with the brand while something the whole page needs is loading. */
export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-label={label} style={loaderStyle}>
      <div aria-hidden>
        <BrandLogo size={40} />
      </div>
      <span style={hiddenStyle}>{label}</span>
    </div>
  );
}
