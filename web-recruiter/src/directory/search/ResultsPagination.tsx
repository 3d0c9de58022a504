import { pageOfTyped, pageWithin, paginationItems } from '@healthtal/web-shared/pagination';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';

type Props = { page: number; totalPages: number; onPage: (page: number) => void };

/**
 * Numbered pages: a 5-page window plus the first and last page, with ellipses (spec §2, §9); when
 * some pages have no link, Go to page (issue 37: page 50 took 24 clicks).
 */
export function ResultsPagination({ page, totalPages, onPage }: Props) {
  const [message, setMessage] = useState<string | null>(null);
  if (totalPages <= 1) return null;
  const go = (target: number) => {
    setMessage(null);
    const next = pageWithin(target, totalPages);
    if (next !== null && next !== page) onPage(next);
  };
  const items = paginationItems(page, totalPages);
  return (
    <Box sx={{ my: 3 }}>
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
        }}
      >
        <Button size="small" onClick={() => go(page - 1)} disabled={page <= 1}>
          Previous
        </Button>
        {items.map((item) =>
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
      {items.some((item) => typeof item !== 'number') ? (
        <GoToPage
          page={page}
          totalPages={totalPages}
          message={message}
          onGo={(typed) => {
            const { page: target, message: said } = pageOfTyped(typed, totalPages);
            setMessage(said);
            if (target !== null && target !== page) onPage(target);
          }}
        />
      ) : null}
    </Box>
  );
}

/** A page number field and Go; what a number out of range led to is said beneath. */
function GoToPage({
  page,
  totalPages,
  message,
  onGo,
}: {
  page: number;
  totalPages: number;
  message: string | null;
  onGo: (typed: string) => void;
}) {
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onGo(typed);
  };
  return (
    <Box component="form" onSubmit={submit} aria-label="Go to page" sx={{ mt: 1.5, textAlign: 'center' }}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', alignItems: 'center' }}>
        <TextField
          size="small"
          label="Go to page"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={`1–${totalPages.toLocaleString('en-US')}`}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-describedby': 'go-to-page-message' } }}
          sx={{ width: 130 }}
        />
        <Button type="submit" size="small" variant="outlined">
          Go
        </Button>
      </Stack>
      <Typography
        id="go-to-page-message"
        role="status"
        variant="body2"
        color="text.secondary"
        sx={{ mt: 0.5, minHeight: '1.5em' }}
      >
        {message ?? `Page ${page.toLocaleString('en-US')} of ${totalPages.toLocaleString('en-US')}`}
      </Typography>
    </Box>
  );
}
