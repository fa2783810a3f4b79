import { classNames } from '../../lib/class-names';
import styles from './plain.module.css';

/**
 * An icon's drawing on Material's 24-unit square: its paths, and any circles as [cx, cy, r]. The
 * drawings in `plain-icons.ts` are copied from `@mui/icons-material`, so they look the same.
 */
export interface IconDrawing {
  paths: readonly string[];
  circles?: readonly (readonly [number, number, number])[];
  /** Holes where shapes overlap (SVG's even-odd fill rule), as some of Material's drawings have. */
  fillRule?: 'evenodd';
}

/** How big the icon is drawn: MUI's sizes (24 px, 20 px, 35 px, or the surrounding text's size), or pixels. */
export type IconSize = 'medium' | 'small' | 'large' | 'inherit' | number;

const sizes: Record<Exclude<IconSize, number>, string | undefined> = {
  medium: undefined,
  small: styles.iconSmall,
  large: styles.iconLarge,
  inherit: styles.iconInherit,
};

/** The icon's colour: that of the text around it, or one of the theme's. */
export type IconColour = 'inherit' | 'primary' | 'success';

const colours: Record<IconColour, string | undefined> = {
  inherit: undefined,
  primary: styles.iconPrimary,
  success: styles.iconSuccess,
};

/**
 * An icon as a plain `<svg>`, for the first screens. MUI's icons are each a tiny module shared by many
 * pages, so the build made each a file of its own, and the dashboard waited for a dozen of them; each
 * also works out its styles while drawing. These drawings share one module and a static class. The icon
 * is decoration: what it means is always said by the text beside it or by its button's name.
 */
export function PlainIcon({
  drawing,
  size = 'medium',
  colour = 'inherit',
  className,
}: {
  drawing: IconDrawing;
  size?: IconSize;
  colour?: IconColour;
  className?: string;
}) {
  const isPixels = typeof size === 'number';
  return (
    <svg
      className={classNames(styles.icon, !isPixels && sizes[size], colours[colour], className)}
      style={isPixels ? { fontSize: size } : undefined}
      viewBox="0 0 24 24"
      focusable="false"
      aria-hidden="true"
      fillRule={drawing.fillRule}
    >
      {drawing.paths.map((path) => (
        <path key={path} d={path} />
      ))}
      {drawing.circles?.map(([cx, cy, r]) => (
        <circle key={`${cx},${cy}`} cx={cx} cy={cy} r={r} />
      ))}
    </svg>
  );
}
