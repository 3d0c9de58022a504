import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { ApiError, api } from '../app/api';
import {
  clampTestCount,
  delayBetweenRuns,
  ROBUSTNESS_DEFAULT_COUNT,
  ROBUSTNESS_PRESETS,
  type RunResult,
  robustnessPlan,
  runErrorMessage,
  summarize,
} from './robustness-tester';

type Run = RunResult & { index: number; complexity: string };
type Phase = 'idle' | 'running' | 'done';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The admin's search robustness tester: N real searches of mixed difficulty against the live search
 * endpoint, one after another with the spec's pauses, each run's time, then p50/p95 and failures.
 */
export function RobustnessTester() {
  const [countInput, setCountInput] = useState(String(ROBUSTNESS_DEFAULT_COUNT));
  const [phase, setPhase] = useState<Phase>('idle');
  const [runs, setRuns] = useState<Run[]>([]);
  const [planned, setPlanned] = useState(0);
  const stopRequested = useRef(false);

  const start = async () => {
    const count = clampTestCount(countInput);
    setCountInput(String(count));
    const plan = robustnessPlan(count);
    stopRequested.current = false;
    setRuns([]);
    setPlanned(plan.length);
    setPhase('running');
    for (const [index, { complexity, body }] of plan.entries()) {
      if (stopRequested.current) break;
      const started = performance.now();
      let result: RunResult;
      try {
        await api('/api/v1/search', { method: 'POST', json: body });
        result = { ok: true, ms: Math.round(performance.now() - started) };
      } catch (error) {
        const status = error instanceof ApiError ? error.status : undefined;
        result = {
          ok: false,
          ms: Math.round(performance.now() - started),
          error: runErrorMessage(error, status, error instanceof ApiError ? error.problem.errors : undefined),
        };
      }
      setRuns((previous) => [...previous, { ...result, index: index + 1, complexity }]);
      if (index < plan.length - 1 && !stopRequested.current) await wait(delayBetweenRuns(plan.length));
    }
    setPhase('done');
  };

  const summary = summarize(runs);
  const progress = planned > 0 ? Math.round((runs.length / planned) * 100) : 0;

  return (
    <Box>
      <Typography variant="h6" component="h2" gutterBottom>
        Search robustness tester
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label="Number of tests"
          value={countInput}
          onChange={(e) => setCountInput(e.target.value)}
          onBlur={() => setCountInput(String(clampTestCount(countInput)))}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          disabled={phase === 'running'}
          size="small"
        />
        <Stack direction="row" spacing={1} role="group" aria-label="Presets">
          {ROBUSTNESS_PRESETS.map((preset) => (
            <Button
              key={preset}
              size="small"
              variant="outlined"
              onClick={() => setCountInput(String(preset))}
              disabled={phase === 'running'}
            >
              {preset}
            </Button>
          ))}
        </Stack>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        <Button variant="contained" onClick={start} disabled={phase === 'running'}>
          Run tests
        </Button>
        <Button
          variant="outlined"
          color="warning"
          onClick={() => (stopRequested.current = true)}
          disabled={phase !== 'running'}
        >
          Stop
        </Button>
        <Button
          variant="text"
          onClick={() => {
            setRuns([]);
            setPlanned(0);
            setPhase('idle');
          }}
          disabled={phase === 'running'}
        >
          Clear
        </Button>
      </Stack>
      {phase === 'running' ? (
        <Box sx={{ mt: 2 }}>
          <Typography role="status">Running… {progress}%</Typography>
          <LinearProgress variant="determinate" value={progress} aria-label="Progress" />
        </Box>
      ) : null}
      {phase === 'done' ? (
        <Alert
          severity={summary.failures > 0 ? 'warning' : 'success'}
          sx={{ mt: 2 }}
          role="status"
          aria-label="Summary"
        >
          {summary.runs} runs · p50 {summary.p50 ?? '–'} ms · p95 {summary.p95 ?? '–'} ms · {summary.failures}{' '}
          failures
        </Alert>
      ) : null}
      {runs.length > 0 ? (
        <Table size="small" aria-label="Test runs" sx={{ mt: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Complexity</TableCell>
              <TableCell align="right">Time</TableCell>
              <TableCell>Result</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {runs.map((run) => (
              <TableRow key={run.index}>
                <TableCell>{run.index}</TableCell>
                <TableCell>{run.complexity}</TableCell>
                <TableCell align="right">{run.ms} ms</TableCell>
                <TableCell>{run.ok ? 'OK' : run.error}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </Box>
  );
}
