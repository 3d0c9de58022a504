import { pageWithin, paginationItems } from '@healthtal/web-shared/pagination';
import { Button, Stack, Typography } from '@mui/material';

type Props = { page: number; totalPages: number; onPage: (page: number) => void };

/** Numbered pages: a 5-page window plus the first and last page, with ellipses (spec §2, §9). */
export function ResultsPagination({ page, totalPages, onPage }: Props) {
  if (totalPages <= 1) return null;
  const go = (target: number) => {
    const next = pageWithin(target, totalPages);
    if (next !== null && next !== page) onPage(next);
  };
  return (
    <Stack
      component="nav"
      aria-label="Pagination"
      direction="row"
      spacing={0.5}
      useFlexGap
      sx={{
        flexWrap: { xs: 'nowrap', sm: 'wrap' },
        overflowX: 'auto',
        justifyContent: { xs: 'flex-start', sm: 'center' },
        alignItems: 'center',
        my: 3,
      }}
    >
      <Button size="small" onClick={() => go(page - 1)} disabled={page <= 1}>
        Previous
      </Button>
      {paginationItems(page, totalPages).map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            size="small"
            variant={item === page ? 'contained' : 'outlined'}
            aria-label={`Page ${item}`}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => go(item)}
            sx={{ minWidth: 40 }}
          >
            {item}
          </Button>
        ) : (
          <Typography key={item} aria-hidden sx={{ px: 1 }}>
            …
          </Typography>
        ),
      )}
      <Button size="small" onClick={() => go(page + 1)} disabled={page >= totalPages}>
        Next
      </Button>
    </Stack>
  );
}
