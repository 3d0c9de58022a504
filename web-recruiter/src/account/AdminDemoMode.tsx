import { FormControlLabel, Paper, Switch, Typography } from '@mui/material';
import { useState } from 'react';
import { useToast } from '../app/toast';
import { ADMIN_DEMO_MODE_KEY, isAdminDemoMode } from './admin-demo-mode';

export function AdminDemoModeToggle() {
  const toast = useToast();
  const [on, setOn] = useState(isAdminDemoMode);
  const toggle = (next: boolean) => {
    setOn(next);
    window.localStorage.setItem(ADMIN_DEMO_MODE_KEY, String(next));
    toast(next ? 'Demo mode on: admin navigation is hidden' : 'Demo mode off', 'info');
    window.setTimeout(() => window.location.reload(), 500);
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 4 }}>
      <Typography variant="h6" component="h2">
        Admin demo mode
      </Typography>
      <Typography color="text.secondary" variant="body2">
        See the app as a customer does, without the admin navigation.
      </Typography>
      <FormControlLabel
        control={<Switch checked={on} onChange={(e) => toggle(e.target.checked)} />}
        label="Demo mode"
      />
    </Paper>
  );
}
