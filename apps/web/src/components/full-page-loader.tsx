import type { CSSProperties } from 'react';
import { visuallyHidden } from '../lib/visually-hidden';
import { BrandLogo } from './brand-logo';

// Inline styles: the loader is in the first download, which holds no MUI.
const loaderStyle: CSSProperties = {
  minHeight: '100vh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
};

/** Fills the screen with the brand while something the whole page needs is loading. */
export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-label={label} style={loaderStyle}>
      <div aria-hidden>
        <BrandLogo size={40} />
      </div>
      <span style={visuallyHidden}>{label}</span>
    </div>
  );
}
