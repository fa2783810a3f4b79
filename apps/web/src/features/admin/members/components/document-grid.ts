/** Documents side by side from sm (up to `columns` from lg), stacked on phones. */
export function documentGrid(columns: number) {
  return {
    display: 'grid',
    gap: 2,
    gridTemplateColumns: {
      xs: '1fr',
      sm: `repeat(${Math.min(columns, 2)}, minmax(0, 1fr))`,
      lg: `repeat(${columns}, minmax(0, 1fr))`,
    },
  } as const;
}
