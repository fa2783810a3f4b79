import type { CSSProperties } from 'react';
import { BrandLogo } from '../components/brand-logo';
import { getErrorMessage } from '../lib/api-client';
import { USER_LOAD_FAILED, useSignInAgainAfterFailure } from '../lib/user-load-failure';

// Inline styles in the theme's colours: the guards are in the first download, which holds no MUI.
const pageStyle: CSSProperties = {
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 16,
  padding: 16,
};
const messageStyle: CSSProperties = {
  maxWidth: 480,
  padding: '12px 16px',
  borderRadius: 10,
  background: 'var(--lt-alert-error-background)',
  color: 'var(--lt-alert-error-text)',
  fontWeight: 500,
  overflowWrap: 'anywhere',
};

/**
 * The screen of a member page whose user could not be loaded at all: the failure in words, then
 * /login after 2 seconds (spec section 8).
 */
export function UserLoadFailed({ error }: { error: unknown }) {
  useSignInAgainAfterFailure(true);
  return (
    <div style={pageStyle}>
      <div aria-hidden>
        <BrandLogo size={40} />
      </div>
      <p role="alert" style={messageStyle}>
        {getErrorMessage(error, USER_LOAD_FAILED)}
      </p>
    </div>
  );
}
