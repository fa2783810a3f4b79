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

/** How big the icon is drawn: MUI's sizes (24 px, 20 px, or the surrounding text's size). */
export type IconSize = 'medium' | 'small' | 'inherit';

const sizes: Record<IconSize, string | undefined> = {
  medium: undefined,
  small: styles.iconSmall,
  inherit: styles.iconInherit,
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
  className,
}: {
  drawing: IconDrawing;
  size?: IconSize;
  className?: string;
}) {
  return (
    <svg
      className={classNames(styles.icon, sizes[size], className)}
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
