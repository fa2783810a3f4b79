import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

/** Three placeholder rows while an admin list loads, announced by `label`. */
export function ListLoading({ label, rowHeight = 56 }: { label: string; rowHeight?: number }) {
  return (
    <Stack spacing={1.5} role="status" aria-label={label}>
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} variant="rounded" height={rowHeight} />
      ))}
    </Stack>
  );
}

/** The page numbers under an admin list, shown only when it has more than one page. */
export function ListPages({
  count,
  page,
  onChange,
  label,
}: {
  count: number;
  page: number;
  onChange: (page: number) => void;
  label: string;
}) {
  if (count <= 1) return null;
  return (
    <Pagination
      count={count}
      page={page}
      onChange={(_event, next) => onChange(next)}
      sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
      aria-label={label}
    />
  );
}
