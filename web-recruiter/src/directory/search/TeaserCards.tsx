import { Card, CardContent, Skeleton, Stack } from '@mui/material';

const TEASED = 6;

/**
 * What lies behind the paywall, blurred with the page: cards shaped like results, with no
 * candidate's data in them (a free account's search answers the count and no rows).
 */
export function TeaserCards() {
  return (
    <Stack spacing={1.5} component="section" aria-label="Results preview" aria-hidden>
      {Array.from({ length: TEASED }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Card key={i} variant="outlined">
          <CardContent>
            <Skeleton variant="text" width="40%" height={28} animation={false} />
            <Skeleton variant="text" width="60%" animation={false} />
            <Skeleton variant="text" width="30%" animation={false} />
            <Skeleton variant="rounded" width="50%" height={24} animation={false} sx={{ mt: 1 }} />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
