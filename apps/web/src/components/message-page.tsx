import type { CSSProperties, ReactNode } from 'react';

// Inline styles, not MUI and not a style sheet: these pages are in the first download, which holds no
// MUI, and they must draw even when the page's own chunks failed to arrive. They copy the look of the
// theme's paper, headings and buttons; the colours are the theme's custom properties.
const frameStyle: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 16,
};
const cardStyle: CSSProperties = {
  width: '100%',
  padding: 'clamp(24px, 6vw, 40px)',
  textAlign: 'center',
  background: 'var(--lt-paper)',
  borderRadius: 'var(--lt-radius)',
  boxShadow: 'var(--lt-shadow)',
};
const titleStyle: CSSProperties = { margin: '0 0 8px', fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.25 };
const textStyle: CSSProperties = { margin: '0 0 24px', color: 'var(--lt-text-secondary)' };
const actionsStyle: CSSProperties = { display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'center' };
const buttonStyle: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: 64,
  padding: '6px 16px',
  border: '1px solid var(--lt-primary)',
  borderRadius: 'var(--lt-radius)',
  font: 'inherit',
  fontSize: '0.875rem',
  fontWeight: 600,
  lineHeight: 1.75,
  textDecoration: 'none',
  cursor: 'pointer',
};
const containedStyle: CSSProperties = {
  ...buttonStyle,
  background: 'var(--lt-primary)',
  color: 'var(--lt-on-primary)',
};
const outlinedStyle: CSSProperties = { ...buttonStyle, background: 'transparent', color: 'var(--lt-primary)' };

/** A 48 px icon of MUI's set, drawn from its paths. */
function MessageIcon({ paths, colour }: { paths: string[]; colour: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={48}
      height={48}
      aria-hidden
      fill={colour}
      style={{ display: 'block', margin: '0 auto 8px' }}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/** MUI's `ErrorOutline`. */
export const errorIcon = [
  'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8',
];
/** MUI's `SearchOff`. */
export const searchOffIcon = [
  'M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3 6.08 3 3.28 5.64 3.03 9h2.02C5.3 6.75 7.18 5 9.5 5 11.99 5 14 7.01 14 9.5S11.99 14 9.5 14c-.17 0-.33-.03-.5-.05v2.02c.17.02.33.03.5.03 1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19z',
  'M6.47 10.82 4 13.29l-2.47-2.47-.71.71L3.29 14 .82 16.47l.71.71L4 14.71l2.47 2.47.71-.71L4.71 14l2.47-2.47z',
];

/** A page-filling card with an icon, a title, a message and its actions (see `messageActionStyles`). */
export function MessagePage({
  role,
  icon,
  iconColour,
  title,
  message,
  minHeight,
  maxWidth,
  titleLevel = 2,
  children,
}: {
  role?: 'alert';
  /** 1 when the card is the page's own content, under the shell's navigation. */
  titleLevel?: 1 | 2;
  icon: string[];
  iconColour: string;
  title: string;
  message: string;
  minHeight: string;
  maxWidth: number;
  children: ReactNode;
}) {
  return (
    <div role={role} style={{ ...frameStyle, minHeight }}>
      <div style={{ ...cardStyle, maxWidth }}>
        <MessageIcon paths={icon} colour={iconColour} />
        {titleLevel === 1 ? <h1 style={titleStyle}>{title}</h1> : <h2 style={titleStyle}>{title}</h2>}
        <p style={textStyle}>{message}</p>
        <div style={actionsStyle}>{children}</div>
      </div>
    </div>
  );
}

/** The looks of the theme's contained (main) and outlined buttons, for a message page's actions. */
export const messageActionStyles = { contained: containedStyle, outlined: outlinedStyle } as const;
