import { paginationItems } from '@healthtal/web-shared/pagination';
import { Box, Button, Stack } from '@mui/material';
import { useListContext } from 'react-admin';

/**
 * The list's pagination: Previous, the pages (a window of five, first, last and ellipses: the
 * recruiter app's rule), Next.
 */
export function ResumePagination() {
  const { page, perPage, total, setPage } = useListContext();
  const pages = Math.max(1, Math.ceil((total ?? 0) / perPage));
  if (pages <= 1) return null;
  return (
    <Stack
      component="nav"
      aria-label="Pages"
      direction="row"
      sx={{ p: 2, gap: 0.5, justifyContent: 'center' }}
    >
      <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        Previous
      </Button>
      {paginationItems(page, pages).map((item) =>
        typeof item === 'string' ? (
          <Box key={item} component="span" sx={{ px: 1, alignSelf: 'center' }}>
            …
          </Box>
        ) : (
          <Button
            key={item}
            size="small"
            variant={item === page ? 'contained' : 'text'}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => setPage(item)}
          >
            {item}
          </Button>
        ),
      )}
      <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
        Next
      </Button>
    </Stack>
  );
}
