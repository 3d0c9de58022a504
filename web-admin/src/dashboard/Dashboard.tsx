import { type AdminDashboard, type DashboardRange, dollars } from '@healthtal/contracts';
import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, Title } from 'react-admin';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ageLabel, formatResponseTime } from '../admin-console';
import { useAdminDataProvider } from '../api';
import { pacificTime } from '../fields/PacificTimeField';
import { failureText } from '../notify';
import { StatCard } from '../StatCard';

const percent = (rate: number | null) => (rate === null ? 'N/A' : `${(rate * 100).toFixed(1)}%`);
const shortDay = (day: string) => day.slice(5);

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ flex: '1 1 460px', minWidth: 0 }} component="section" aria-label={title}>
      <CardHeader title={title} slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
      <CardContent sx={{ height: 260, pt: 0 }}>
        <ResponsiveContainer width="100%" height="100%">
          {children as React.ReactElement}
        </ResponsiveContainer>
      </CardContent>
    </Card>
  );
}

/** What is waiting on an admin: pending resumes and open removal requests, with the oldest's age. */
function Queues({ data }: { data: AdminDashboard }) {
  const { pendingResumes: resumes, openRemovalRequests: removals } = data;
  return (
    <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
      <StatCard
        label="Pending resumes"
        value={
          <Link to="/resume-approval">
            {resumes.count}
            {resumes.oldestAt ? ` · oldest ${ageLabel(resumes.oldestAt)}` : ''}
          </Link>
        }
      />
      <StatCard
        label="Open removal requests"
        value={
          <Link to="/removal-requests">
            {removals.count}
            {removals.oldestAt ? ` · oldest ${ageLabel(removals.oldestAt)}` : ''}
            {removals.overdue ? (
              <Chip size="small" color="error" label={`${removals.overdue} overdue`} sx={{ ml: 1 }} />
            ) : null}
          </Link>
        }
      />
      <StatCard
        label="Search p50 / p95"
        value={`${formatResponseTime(data.search.p50Ms)} / ${formatResponseTime(data.search.p95Ms)}`}
      />
      <StatCard label="Search error rate" value={percent(data.search.errorRate)} />
    </Stack>
  );
}

function Projections({ data }: { data: AdminDashboard }) {
  return (
    <Card component="section" aria-label="Projector lag">
      <CardHeader title="Read models" slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Read model</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Checkpoint moved (Pacific)</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.projections.map((projection) => (
            <TableRow key={projection.name}>
              <TableCell>{projection.name}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={projection.status}
                  color={
                    projection.status === 'caught up'
                      ? 'success'
                      : projection.status === 'catching up'
                        ? 'warning'
                        : 'error'
                  }
                />
              </TableCell>
              <TableCell>{pacificTime(projection.updatedAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}

function Charts({ data }: { data: AdminDashboard }) {
  const days = data.days.map((day) => ({ ...day, day: shortDay(day.day) }));
  const revenue = data.revenueByPlan.map((plan) => ({ ...plan, revenue: plan.monthlyRevenueCents / 100 }));
  return (
    <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
      <ChartCard title="Sign-ups and active subscriptions">
        <ComposedChart data={days}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Bar dataKey="signups" name="Sign-ups" fill="#1976d2" isAnimationActive={false} />
          <Line
            dataKey="activeSubscriptions"
            name="Active subscriptions"
            stroke="#2e7d32"
            dot={{ r: 2 }}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ChartCard>
      <ChartCard title="Monthly revenue by plan (current subscribers)">
        <BarChart data={revenue}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="plan" />
          <YAxis tickFormatter={(value: number) => dollars(value * 100, { wholeDollars: true })} />
          <Tooltip formatter={(value) => dollars(Number(value) * 100, { wholeDollars: true })} />
          <Bar dataKey="revenue" name="Per month" fill="#9c27b0" isAnimationActive={false} />
        </BarChart>
      </ChartCard>
      <ChartCard title="Reveals and exports per day">
        <BarChart data={days}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Bar dataKey="reveals" name="Reveals" fill="#0288d1" isAnimationActive={false} />
          <Bar dataKey="exports" name="Exports" fill="#ed6c02" isAnimationActive={false} />
        </BarChart>
      </ChartCard>
      <ChartCard title="Search latency (ms) and errors per day">
        <ComposedChart data={days}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" />
          <YAxis yAxisId="ms" />
          <YAxis yAxisId="count" orientation="right" allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Bar
            yAxisId="count"
            dataKey="searchErrors"
            name="Errors"
            fill="#d32f2f"
            isAnimationActive={false}
          />
          <Line
            yAxisId="ms"
            dataKey="p50Ms"
            name="p50"
            stroke="#1976d2"
            dot={{ r: 2 }}
            connectNulls
            isAnimationActive={false}
          />
          <Line
            yAxisId="ms"
            dataKey="p95Ms"
            name="p95"
            stroke="#ed6c02"
            dot={{ r: 2 }}
            connectNulls
            isAnimationActive={false}
          />
        </ComposedChart>
      </ChartCard>
    </Stack>
  );
}

/** The console's home (/admin-dashboard): what an admin opens the console for. */
export function Dashboard() {
  const [range, setRange] = useState<DashboardRange>('30d');
  const dataProvider = useAdminDataProvider();
  // The chosen range's figures; the previous range's stay on screen while they load.
  const dashboard = useQuery({
    queryKey: ['dashboard', range],
    queryFn: () => dataProvider.dashboard(range),
    placeholderData: keepPreviousData,
  });
  const data = dashboard.data;
  return (
    <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Title title="Dashboard" />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={range}
          onChange={(_event, next: DashboardRange | null) => next && setRange(next)}
          aria-label="Range"
        >
          <ToggleButton value="7d">7 days</ToggleButton>
          <ToggleButton value="30d">30 days</ToggleButton>
          <ToggleButton value="90d">90 days</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {dashboard.error ? (
        <Alert severity="error">{failureText(dashboard.error, 'Could not load the dashboard.')}</Alert>
      ) : null}
      {data ? (
        <>
          <Queues data={data} />
          <Charts data={data} />
          <Typography variant="caption" color="text.secondary">
            Search latency is measured by the running server since {pacificTime(data.search.measuredSince)}.
          </Typography>
          <Projections data={data} />
        </>
      ) : null}
    </Box>
  );
}
