import { Card, CardContent, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One of the summary cards above a table (Total Users, Total Errors, …). */
export function StatCard({ label, value, icon }: { label: string; value: ReactNode; icon?: ReactNode }) {
  return (
    <Card sx={{ flex: '1 1 200px' }} aria-label={label}>
      <CardContent>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
        >
          {icon}
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ mt: 1 }}>
          {value === undefined ? <Skeleton width={60} /> : value}
        </Typography>
      </CardContent>
    </Card>
  );
}
